import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  NoContentGeneratedError,
  TypeValidationError,
} from 'ai';
import { describeRefusal, LlmProviderError } from './errors.ts';
import { type LlmProviderId, providerLabel } from './providers.ts';

/** Why an attempt ended that was not the provider's doing. */
export type AttemptEnd = { timedOutAfterMs?: number; firstTokenTimeout?: boolean; afterFirstDelta?: boolean };

/** The provider's failure as an LlmProviderError with a message fit for a designer. */
export function toProviderError(
  provider: LlmProviderId,
  error: unknown,
  end: AttemptEnd = {},
): LlmProviderError {
  if (error instanceof LlmProviderError) return error;
  const label = providerLabel(provider);
  if (end.timedOutAfterMs !== undefined) {
    const waited = formatSeconds(end.timedOutAfterMs);
    const message = end.firstTokenTimeout
      ? `${label} sent no answer within ${waited} (time limit of a call).`
      : `${label} did not finish answering within ${waited} (time limit of a call).`;
    return new LlmProviderError(provider, 'timeout', message, { cause: error });
  }
  if (APICallError.isInstance(error)) return fromApiCall(provider, error, end);
  if (
    TypeValidationError.isInstance(error) ||
    JSONParseError.isInstance(error) ||
    EmptyResponseBodyError.isInstance(error) ||
    InvalidResponseDataError.isInstance(error) ||
    NoContentGeneratedError.isInstance(error)
  )
    return new LlmProviderError(
      provider,
      'malformed',
      `${label} answered something that is not its protocol (${firstLine(error.message)}).`,
      { cause: error },
    );
  if (LoadAPIKeyError.isInstance(error))
    return new LlmProviderError(provider, 'refused', `${label} has no API key configured.`, { cause: error });
  if (isConnectionCut(error) || end.afterFirstDelta)
    return new LlmProviderError(
      provider,
      'dropped',
      `${label} broke off its answer before the end (${firstLine(describe(error))}).`,
      { cause: error },
    );
  return new LlmProviderError(
    provider,
    'unavailable',
    `Could not reach ${label}: ${firstLine(describe(error))}.`,
    { cause: error },
  );
}

function fromApiCall(provider: LlmProviderId, error: APICallError, end: AttemptEnd): LlmProviderError {
  const label = providerLabel(provider);
  const status = error.statusCode;
  const said = providerMessage(error);
  if (status === undefined) {
    if (isConnectionCut(error.cause) && end.afterFirstDelta)
      return new LlmProviderError(provider, 'dropped', `${label} broke off its answer before the end.`, {
        cause: error,
      });
    return new LlmProviderError(
      provider,
      'unavailable',
      `Could not reach ${label} at ${originOf(error.url)}: ${firstLine(describe(error.cause ?? error))}.`,
      {
        cause: error,
      },
    );
  }
  if (isConnectionCut(error.cause))
    return new LlmProviderError(
      provider,
      'dropped',
      `${label} broke off its answer before the end (${firstLine(describe(error.cause))}).`,
      {
        ...(status ? { status } : {}),
        cause: error,
      },
    );
  if (status >= 200 && status < 300)
    return new LlmProviderError(
      provider,
      'malformed',
      `${label} answered something that is not its protocol (${firstLine(error.message)}).`,
      { status, cause: error },
    );
  if (status === 429)
    return new LlmProviderError(
      provider,
      'rate_limited',
      `${label} is limiting requests (HTTP 429): ${said || 'rate limit reached'}.`,
      { status, cause: error },
    );
  if (status >= 500 || status === 408 || status === 409)
    return new LlmProviderError(
      provider,
      'unavailable',
      `${label} is unavailable (HTTP ${status})${said ? `: ${said}` : ''}.`,
      { status, cause: error },
    );
  return new LlmProviderError(provider, 'refused', describeRefusal(provider, said || error.message, status), {
    status,
    cause: error,
  });
}

/** The provider's own words: `error.message` of an OpenAI/Anthropic-style body, else the SDK's message. */
function providerMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } | string; message?: unknown } | undefined;
  const fromData =
    typeof data?.error === 'string'
      ? data.error
      : typeof data?.error?.message === 'string'
        ? data.error.message
        : undefined;
  if (fromData) return firstLine(fromData).replace(/\.$/, '');
  const body = error.responseBody;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
      const message =
        typeof parsed.error === 'string'
          ? parsed.error
          : typeof parsed.error?.message === 'string'
            ? parsed.error.message
            : parsed.message;
      if (typeof message === 'string') return firstLine(message).replace(/\.$/, '');
    } catch {
      // A body that is not JSON: use the SDK's message below.
    }
  }
  return firstLine(error.message).replace(/\.$/, '');
}

function isConnectionCut(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.message} ${(error.cause as Error | undefined)?.message ?? ''} ${(error.cause as { code?: string } | undefined)?.code ?? ''}`;
  return /terminated|other side closed|socket hang up|ECONNRESET|UND_ERR_SOCKET|premature close|aborted/i.test(
    text,
  );
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    if (cause && typeof cause.code === 'string') return `${error.message} (${cause.code})`;
    return error.message;
  }
  return String(error);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

/** How long the provider asked to wait (retry-after-ms, retry-after in seconds or as a date), if it did. */
export function retryAfterMs(error: unknown): number | undefined {
  const cause = error instanceof LlmProviderError ? error.cause : error;
  if (!APICallError.isInstance(cause)) return undefined;
  const headers = cause.responseHeaders ?? {};
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0 && /^\s*[\d.]+\s*$/.test(value)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
