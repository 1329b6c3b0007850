import { createHmac } from 'node:crypto';
import { type StandInReply, type StandInRequest, startStandIn } from './stand-in';

/** A page of the stand-in's Facebook, with the page access token Graph knows it by. */
export interface StandInPage {
  id: string;
  name: string;
  accessToken: string;
}

/** Graph's error answer (Graph API reference, 'Handling errors'). */
const graphError = (
  status: number,
  message: string,
  code: number,
  type = 'OAuthException',
): StandInReply => ({
  status,
  body: { error: { message, type, code, fbtrace_id: 'StandInTrace' } },
});

const MESSAGING_TYPES = ['RESPONSE', 'UPDATE', 'MESSAGE_TAG'];
const SENDER_ACTIONS = ['typing_on', 'typing_off', 'mark_seen'];
const ATTACHMENT_TYPES = ['image', 'audio', 'video', 'file', 'template'];

/** What the Send API checks in `message` (Send API reference); a problem's message, or undefined. */
function problemOfMessage(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return '(#100) param message must be an object';
  const { text, attachment, quick_replies } = message as Record<string, unknown>;
  if (text === undefined && attachment === undefined)
    return '(#100) Must send either message text or an attachment';
  if (text !== undefined && attachment !== undefined)
    return '(#100) Only one of text or attachment can be sent';
  if (text !== undefined) {
    if (typeof text !== 'string' || text.trim() === '')
      return '(#100) param message[text] must be a non-empty UTF-8 encoded string';
    if (text.length > 2000) return '(#100) Length of param message[text] must be less than or equal to 2000';
  }
  if (attachment !== undefined) {
    const { type, payload } = (attachment ?? {}) as { type?: unknown; payload?: { url?: unknown } };
    if (typeof type !== 'string' || !ATTACHMENT_TYPES.includes(type))
      return '(#100) param message[attachment][type] must be one of {image, audio, video, file, template}';
    if (type !== 'template' && (typeof payload?.url !== 'string' || !/^https?:\/\//.test(payload.url)))
      return '(#100) Attachment URL is not a valid URL';
  }
  if (quick_replies !== undefined) {
    if (!Array.isArray(quick_replies) || quick_replies.length === 0)
      return '(#100) param message[quick_replies] must be a non-empty array';
    if (quick_replies.length > 13) return '(#100) param message[quick_replies] must have at most 13 elements';
    for (const reply of quick_replies as Array<Record<string, unknown>>) {
      if (reply.content_type !== 'text') continue;
      if (typeof reply.title !== 'string' || reply.title === '')
        return '(#100) param message[quick_replies][title] is required for content_type text';
      if (reply.title.length > 20) return '(#100) Quick reply title must be 20 characters or less';
      if (typeof reply.payload !== 'string' && typeof reply.payload !== 'number')
        return '(#100) param message[quick_replies][payload] is required for content_type text';
      if (String(reply.payload).length > 1000)
        return '(#100) Quick reply payload must be 1000 characters or less';
    }
  }
  return undefined;
}

/**
 * A local stand-in of the Graph API's parts Parley calls (GET /me to check a page token, the Send
 * API) that checks what Graph checks: a page access token it knows, the appsecret_proof when the
 * app requires one, the page the token is for, a recipient, a messaging_type with a message, one
 * of message or sender_action, and the message's limits; errors in Graph's shape.
 */
export async function startFacebookStandIn(options: {
  pages: readonly StandInPage[];
  /** The app's secret: with it, every call must carry the right appsecret_proof ('Require App Secret'). */
  appSecret: string;
}) {
  /** The Send API requests Graph accepted, in order. */
  const accepted: SendRequest[] = [];
  const pageOf = (request: StandInRequest): StandInPage | StandInReply => {
    const token = request.query.get('access_token');
    if (!token)
      return graphError(
        400,
        'An active access token must be used to query information about the current user.',
        2500,
      );
    const page = options.pages.find((candidate) => candidate.accessToken === token);
    if (!page) return graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
    const proof = createHmac('sha256', options.appSecret).update(token).digest('hex');
    if (request.query.get('appsecret_proof') !== proof)
      return graphError(
        400,
        'Invalid appsecret_proof provided in the API argument',
        100,
        'GraphMethodException',
      );
    return page;
  };
  const isReply = (value: StandInPage | StandInReply): value is StandInReply => !('accessToken' in value);

  const handler = (request: StandInRequest): StandInReply => {
    const page = pageOf(request);
    if (isReply(page)) return page;
    const [, node, edge, ...rest] = request.path.split('/');
    if (request.method === 'GET' && node === 'me' && edge === undefined) {
      const fields = (request.query.get('fields') ?? 'id,name').split(',');
      return {
        body: Object.fromEntries(fields.filter((f) => f === 'id' || f === 'name').map((f) => [f, page[f]])),
      };
    }
    if (request.method !== 'POST' || edge !== 'messages' || rest.length > 0)
      return graphError(400, `Unknown path components: ${request.path}`, 2500);
    if (node !== 'me' && node !== page.id)
      return graphError(400, '(#100) The page access token does not belong to this page', 100);
    if (
      !request.headers['content-type']?.includes('application/json') ||
      typeof request.json !== 'object' ||
      request.json === null
    )
      return graphError(400, '(#100) The parameter recipient is required', 100);
    const body = request.json as Record<string, unknown>;
    const recipient = body.recipient as { id?: unknown } | undefined;
    if (typeof recipient?.id !== 'string' || recipient.id === '')
      return graphError(400, '(#100) The parameter recipient is required', 100);
    if (body.message !== undefined && body.sender_action !== undefined)
      return graphError(400, '(#100) Cannot send sender_action with message', 100);
    if (body.sender_action !== undefined) {
      if (!SENDER_ACTIONS.includes(String(body.sender_action)))
        return graphError(
          400,
          '(#100) param sender_action must be one of {typing_on, typing_off, mark_seen}',
          100,
        );
      accepted.push(body as unknown as SendRequest);
      return { body: { recipient_id: recipient.id } };
    }
    if (!MESSAGING_TYPES.includes(String(body.messaging_type)))
      return graphError(
        400,
        '(#100) param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}',
        100,
      );
    const problem = problemOfMessage(body.message);
    if (problem) return graphError(400, problem, 100);
    accepted.push(body as unknown as SendRequest);
    return { body: { recipient_id: recipient.id, message_id: `m_standin_${accepted.length}` } };
  };

  const standIn = await startStandIn(handler);
  return {
    ...standIn,
    /** Puts the stand-in's own checks back after a test replaced them (a Facebook that was down). */
    restore: () => standIn.handle(handler),
    /** The stand-in's own checks, for a test's handler to fall back on. */
    handler,
    /** The Send API requests Graph accepted for one user, in order. */
    sentTo: (psid: string) => accepted.filter((request) => request.recipient.id === psid),
    /** The texts Graph accepted for one user. */
    textsSentTo: (psid: string) =>
      accepted.flatMap((request) =>
        request.recipient.id === psid && request.message?.text !== undefined ? [request.message.text] : [],
      ),
  };
}

/** A Send API request as Graph took it. */
export interface SendRequest {
  recipient: { id: string };
  messaging_type?: string;
  sender_action?: string;
  message?: {
    text?: string;
    quick_replies?: Array<{ content_type: string; title: string; payload: string }>;
    attachment?: { type: string; payload: { url: string } };
  };
}

export type FacebookStandIn = Awaited<ReturnType<typeof startFacebookStandIn>>;
