import type { AppContext } from '../../../context';

/** How long a Bot API call may take before it counts as failed (a delivery is then retried). */
const CALL_TIMEOUT_MS = 15_000;

/** Telegram answered `{ok: false}` or an HTTP error: its error_code and description. */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    readonly errorCode: number,
    readonly description: string,
  ) {
    // Never the URL: it holds the bot's token.
    super(`Telegram ${method} failed (${errorCode}): ${description}`);
  }
}

const apiBase = (ctx: AppContext) => ctx.config.platforms.telegram.replace(/\/+$/, '');

/**
 * One Bot API call, `${base}/bot${token}/${method}` (core.telegram.org/bots/api 'Making
 * requests'): a JSON body, or a multipart form for uploads; answers `result`, throws
 * TelegramApiError when Telegram refused.
 */
export async function callTelegram<T = unknown>(
  ctx: AppContext,
  token: string,
  method: string,
  body: Record<string, unknown> | FormData = {},
): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${apiBase(ctx)}/bot${token}/${method}`, {
    method: 'POST',
    headers: isForm ? {} : { 'content-type': 'application/json' },
    body: isForm ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => undefined)) as
    | { ok?: boolean; result?: unknown; error_code?: number; description?: string }
    | undefined;
  if (!response.ok || answer?.ok !== true)
    throw new TelegramApiError(
      method,
      answer?.error_code ?? response.status,
      answer?.description ?? `HTTP ${response.status}`,
    );
  return answer.result as T;
}

/** Where a user's file is downloaded from, after getFile gave its path. */
export const telegramFileUrl = (ctx: AppContext, token: string, filePath: string) =>
  `${apiBase(ctx)}/file/bot${token}/${filePath}`;
