import { type StandIn, type StandInReply, type StandInRequest, startStandIn } from './stand-in';

/** What the stand-in knows of a bot: its token and the webhook setWebhook gave it. */
export interface TelegramStandIn {
  url: string;
  standIn: StandIn;
  /** Bot API calls of a method, in order, with their parameters. */
  calls(method: string): Array<{ token: string; params: Record<string, unknown> }>;
  /** Files users sent, by file_id: getFile answers their path under /file/bot<token>/. */
  files: Map<string, string>;
  close(): Promise<void>;
}

const ok = (result: unknown): StandInReply => ({ body: { ok: true, result } });
/** Telegram's refusals: `{ok: false, error_code, description}` with the same HTTP status. */
const refuse = (status: number, description: string): StandInReply => ({
  status,
  body: { ok: false, error_code: status, description },
});
const badRequest = (description: string) => refuse(400, `Bad Request: ${description}`);

const CHAT_ACTIONS = ['typing', 'upload_photo', 'record_video', 'upload_video', 'upload_document'];
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

/** A request's parameters, as the Bot API takes them: JSON, a form, multipart or the query. */
async function paramsOf(request: StandInRequest): Promise<Record<string, unknown> | undefined> {
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return request.json as Record<string, unknown> | undefined;
  if (type.includes('multipart/form-data')) {
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': type },
    }).formData();
    return Object.fromEntries(form.entries());
  }
  if (request.form) return Object.fromEntries(request.form.entries());
  return Object.fromEntries(request.query.entries());
}

/** Checks an inline keyboard as sendMessage does (InlineKeyboardMarkup, core.telegram.org/bots/api). */
function keyboardProblem(markup: unknown): string | undefined {
  if (typeof markup !== 'object' || markup === null) return "can't parse reply keyboard markup JSON object";
  const rows = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(rows)) return 'field "inline_keyboard" must be an Array';
  for (const row of rows) {
    if (!Array.isArray(row)) return 'field "inline_keyboard" must be an Array of Arrays';
    for (const button of row) {
      const { text, callback_data: data, url } = (button ?? {}) as Record<string, unknown>;
      if (typeof text !== 'string' || text === '')
        return "can't parse inline keyboard button: Text must be non-empty";
      if ((data === undefined) === (url === undefined))
        return "can't parse inline keyboard button: exactly one action field needed";
      if (data !== undefined && (typeof data !== 'string' || data === '' || Buffer.byteLength(data) > 64))
        return 'BUTTON_DATA_INVALID';
    }
  }
  return undefined;
}

/**
 * A stand-in of the Telegram Bot API (core.telegram.org/bots/api): `/bot<token>/<method>` with the
 * token checked (401 Unauthorized otherwise), each method's required parameters and limits
 * checked as Telegram does, answers `{ok, result}` or `{ok: false, error_code, description}`;
 * users' files are served under `/file/bot<token>/<file_path>`.
 */
export async function startTelegramStandIn(validTokens: readonly string[]): Promise<TelegramStandIn> {
  const files = new Map<string, string>();
  const received: Array<{ method: string; token: string; params: Record<string, unknown> }> = [];
  let nextMessageId = 1;

  async function answer(request: StandInRequest): Promise<StandInReply> {
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.path);
    if (file) {
      if (!validTokens.includes(decodeURIComponent(file[1] ?? ''))) return refuse(401, 'Unauthorized');
      if (![...files.values()].includes(file[2] ?? '')) return refuse(404, 'Not Found');
      const isHtml = file[2]?.endsWith('.html');
      return isHtml
        ? { headers: { 'content-type': 'text/html' }, body: '<script>alert(1)</script>' }
        : { headers: { 'content-type': 'image/jpeg' }, body: Buffer.from('jpeg bytes') };
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.path);
    if (!call) return refuse(404, 'Not Found');
    const [, token = '', method = ''] = call;
    if (!validTokens.includes(decodeURIComponent(token))) return refuse(401, 'Unauthorized');
    const params = await paramsOf(request);
    if (typeof params !== 'object' || params === null || Array.isArray(params))
      return badRequest('invalid request parameters');
    received.push({ method, token: decodeURIComponent(token), params });
    const chatId = params.chat_id;
    const needsChat = method.startsWith('send');
    if (needsChat && (chatId === undefined || chatId === '')) return badRequest('chat_id is empty');
    const sent = (extra: Record<string, unknown>) =>
      ok({
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(chatId) },
        ...extra,
      });

    switch (method) {
      case 'getMe':
        return ok({ id: 777000111, is_bot: true, first_name: 'Support Desk', username: 'support_desk_bot' });
      case 'setWebhook': {
        const url = params.url;
        if (typeof url !== 'string' || url === '')
          return badRequest('bad webhook: Webhook URL must be provided');
        if (!url.startsWith('https://'))
          return badRequest('bad webhook: An HTTPS URL must be provided for webhook');
        const secret = params.secret_token;
        if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret)))
          return badRequest('secret token contains unallowed characters');
        if (params.allowed_updates !== undefined && !Array.isArray(params.allowed_updates))
          return badRequest("can't parse allowed updates");
        return ok(true);
      }
      case 'deleteWebhook':
        return ok(true);
      case 'sendMessage': {
        const text = params.text;
        if (typeof text !== 'string' || text.trim() === '') return badRequest('message text is empty');
        if (text.length > 4096) return badRequest('message is too long');
        if (params.reply_markup !== undefined) {
          const problem = keyboardProblem(params.reply_markup);
          if (problem) return badRequest(problem);
        }
        return sent({ text, ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}) });
      }
      case 'sendPhoto':
        if (!params.photo) return badRequest('there is no photo in the request');
        return sent({ photo: [{ file_id: 'sent-photo', width: 1, height: 1 }] });
      case 'sendAnimation':
        if (!params.animation) return badRequest('there is no animation in the request');
        return sent({ animation: { file_id: 'sent-animation' } });
      case 'sendDocument':
        if (!(params.document instanceof Blob) && typeof params.document !== 'string')
          return badRequest('there is no document in the request');
        return sent({ document: { file_id: 'sent-document' } });
      case 'sendChatAction':
        if (!CHAT_ACTIONS.includes(String(params.action)))
          return badRequest('wrong parameter action in request');
        return ok(true);
      case 'answerCallbackQuery':
        if (typeof params.callback_query_id !== 'string' || params.callback_query_id === '')
          return badRequest('query is too old and response timeout expired or query ID is invalid');
        return ok(true);
      case 'getFile': {
        const path = files.get(String(params.file_id));
        return path ? ok({ file_id: params.file_id, file_path: path }) : badRequest('invalid file_id');
      }
      default:
        return refuse(404, 'Not Found');
    }
  }

  const standIn = await startStandIn(answer);
  return {
    url: standIn.url,
    standIn,
    files,
    calls: (method) => received.filter((call) => call.method === method),
    close: () => standIn.close(),
  };
}
