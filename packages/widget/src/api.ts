import type {
  WidgetConfig,
  WidgetConversationBody,
  WidgetConversationStarted,
  WidgetUploaded,
} from '@parley/contracts';
import { WIDGET_UPLOAD_FIELD, WIDGET_UPLOAD_TOKEN_FIELD } from '../../contracts/src/schemas/snippet-model';

export interface MountOptions {
  token: string;
  code: string;
  backendUrl: string;
  websocketUrl: string;
}

/** A refusal the widget cannot get past by trying again (unknown snippet, origin not allowed). */
export class WidgetRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const base = (options: MountOptions) =>
  `${options.backendUrl.replace(/\/+$/, '')}/api/widget/${encodeURIComponent(options.token)}`;

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (!response.ok) {
    const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (response.status === 403 || response.status === 404) throw new WidgetRefused(response.status, message);
    throw new Error(message);
  }
  return body as T;
}

/** GET /api/widget/{token}?code=…: how the snippet looks. */
export async function fetchConfig(options: MountOptions): Promise<WidgetConfig> {
  const response = await fetch(`${base(options)}?code=${encodeURIComponent(options.code)}`, {
    credentials: 'omit',
  });
  return answer<WidgetConfig>(response);
}

/** POST /api/widget/{token}/conversations: the visitor's conversation (kept or new). */
export async function startConversation(
  options: MountOptions,
  body: Omit<WidgetConversationBody, 'code'>,
): Promise<WidgetConversationStarted> {
  const response = await fetch(`${base(options)}/conversations`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: options.code, ...body }),
  });
  return answer<WidgetConversationStarted>(response);
}

/** POST /api/widget/{token}/uploads: the visitor token first, then the file (a simple request). */
export async function uploadFile(
  options: MountOptions,
  visitorToken: string,
  file: File,
): Promise<WidgetUploaded> {
  const form = new FormData();
  form.append(WIDGET_UPLOAD_TOKEN_FIELD, visitorToken);
  form.append(WIDGET_UPLOAD_FIELD, file, file.name);
  const response = await fetch(`${base(options)}/uploads`, {
    method: 'POST',
    credentials: 'omit',
    body: form,
  });
  return answer<WidgetUploaded>(response);
}

/** Where a file the bot sends is fetched from. */
export const botFileUrl = (options: MountOptions, fileId: string) =>
  `${base(options)}/files/${encodeURIComponent(fileId)}?code=${encodeURIComponent(options.code)}`;
