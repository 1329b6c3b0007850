import { type StandIn, type StandInRequest, startStandIn } from './stand-in';

/** The Slack app and workspace the stand-in plays. */
export const SLACK_APP = {
  clientId: '1234567890.9876543210',
  clientSecret: 'slack-client-secret-0123456789',
  signingSecret: 'e2b1c4d5f60718293a4b5c6d7e8f9012',
  teamId: 'T0PARLEY',
  teamName: 'Parley Test Workspace',
  botUserId: 'U0PARLEYBOT',
  appId: 'A0PARLEY',
} as const;

/** A message the bot posted (chat.postMessage), as the stand-in read it. */
export interface PostedSlackMessage {
  channel: string;
  /** Slack's id of the message in its channel (answered to chat.postMessage; chat.update names it). */
  ts: string;
  text: string;
  threadTs?: string;
  blocks: SlackBlockSeen[];
}
export interface SlackBlockSeen {
  type: string;
  text?: { type: string; text: string };
  elements?: {
    type: string;
    action_id?: string;
    text: string | { type: string; text: string };
    value?: string;
  }[];
  image_url?: string;
  alt_text?: string;
}

export interface SlackStandIn extends StandIn {
  /** Every message the bot posted, in order. */
  posted(): PostedSlackMessage[];
  /** Every chat.update the bot made, in order. */
  updated(): PostedSlackMessage[];
  /** An authorization code Slack gives the redirect once a workspace admin approves 'Add to Slack'. */
  issueCode(redirectUri: string): string;
  /** The bot token each approved install gets. */
  botToken: string;
  /** Slack refuses the next chat.postMessage calls: rate-limited (HTTP 429) or down (HTTP 200, ok: false). */
  refuseNextPosts(count: number, how: 'ratelimited' | 'fatal_error'): void;
}

const ok = (body: Record<string, unknown>) => ({ body: { ok: true, ...body } });
/** Slack answers refusals with HTTP 200 and ok: false. */
const refused = (error: string) => ({ body: { ok: false, error } });

const TEXT_OBJECT_TYPES = ['plain_text', 'mrkdwn'];

/** What Block Kit refuses (api.slack.com/reference/block-kit/blocks): the stand-in answers invalid_blocks. */
function blocksProblem(blocks: unknown): string | undefined {
  if (!Array.isArray(blocks)) return 'blocks is not an array';
  if (blocks.length > 50) return 'more than 50 blocks';
  for (const block of blocks as SlackBlockSeen[]) {
    switch (block?.type) {
      case 'section':
        if (!block.text || !TEXT_OBJECT_TYPES.includes(block.text.type))
          return 'a section needs a text object';
        if (block.text.text.length < 1 || block.text.text.length > 3000)
          return 'section text is 1 to 3000 characters';
        break;
      case 'actions': {
        const elements = block.elements ?? [];
        if (elements.length < 1 || elements.length > 25) return 'an actions block has 1 to 25 elements';
        const ids = new Set<string>();
        for (const element of elements) {
          if (element.type !== 'button') return 'only buttons are expected';
          const label = element.text;
          if (typeof label !== 'object' || label.type !== 'plain_text') return 'a button text is plain_text';
          if (label.text.length < 1 || label.text.length > 75) return 'button text is 1 to 75 characters';
          if (typeof element.value !== 'string' || element.value.length > 2000)
            return 'button value up to 2000';
          if (!element.action_id || ids.has(element.action_id)) return 'action_id must be unique';
          ids.add(element.action_id);
        }
        break;
      }
      case 'context': {
        const elements = block.elements ?? [];
        if (elements.length < 1 || elements.length > 10) return 'a context block has 1 to 10 elements';
        for (const element of elements)
          if (
            !TEXT_OBJECT_TYPES.includes(element.type) ||
            typeof element.text !== 'string' ||
            element.text.length > 3000
          )
            return 'context elements are text objects';
        break;
      }
      case 'image':
        if (!block.image_url || block.image_url.length > 3000) return 'an image needs image_url';
        if (!block.alt_text || block.alt_text.length > 2000) return 'an image needs alt_text';
        break;
      default:
        return `unexpected block type ${String(block?.type)}`;
    }
  }
  return undefined;
}

const bearerOf = (request: StandInRequest) => {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ')
    ? header.slice('Bearer '.length)
    : undefined;
};

/** client_id and client_secret as form fields, or as HTTP Basic credentials (both are Slack's). */
function clientOf(request: StandInRequest): { id?: string; secret?: string } {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return { id, secret };
  }
  return {
    id: request.form?.get('client_id') ?? undefined,
    secret: request.form?.get('client_secret') ?? undefined,
  };
}

/**
 * A stand-in of Slack's Web API (chat.postMessage, chat.update, oauth.v2.access, auth.test) checking what
 * Slack checks: the bot token in the Authorization header, the app's client credentials and a
 * code issued for the same redirect_uri, a channel and a text, and the shape of Block Kit blocks.
 */
export async function startSlackStandIn(): Promise<SlackStandIn> {
  const botToken = `xoxb-1111-2222-${Math.random().toString(36).slice(2, 14)}`;
  const codes = new Map<string, string>();
  const accepted: PostedSlackMessage[] = [];
  const updates: PostedSlackMessage[] = [];
  let refusing: { count: number; how: 'ratelimited' | 'fatal_error' } = { count: 0, how: 'fatal_error' };
  let counter = 0;
  const standIn = await startStandIn((request) => {
    if (request.method !== 'POST') return { status: 405, body: 'method not allowed' };
    if (request.form === undefined) return refused('invalid_form_data');
    switch (request.path) {
      case '/api/chat.postMessage':
      case '/api/chat.update': {
        const isUpdate = request.path === '/api/chat.update';
        if (bearerOf(request) === undefined) return refused('not_authed');
        if (bearerOf(request) !== botToken) return refused('invalid_auth');
        const channel = request.form.get('channel');
        if (!channel) return refused('channel_not_found');
        const updatedTs = request.form.get('ts') ?? '';
        // chat.update changes a message the bot posted in that channel.
        if (isUpdate && !accepted.some((m) => m.ts === updatedTs && m.channel === channel))
          return refused('message_not_found');
        const text = request.form.get('text');
        const blocks = request.form.get('blocks');
        if (!text && !blocks) return refused('no_text');
        let parsed: unknown = [];
        if (blocks !== null) {
          try {
            parsed = JSON.parse(blocks);
          } catch {
            return refused('invalid_blocks_format');
          }
          if (blocksProblem(parsed)) return refused('invalid_blocks');
        }
        if (!isUpdate && refusing.count > 0) {
          refusing.count -= 1;
          return refusing.how === 'ratelimited'
            ? { status: 429, headers: { 'retry-after': '30' }, body: { ok: false, error: 'ratelimited' } }
            : refused('fatal_error');
        }
        const threadTs = request.form.get('thread_ts');
        counter += 1;
        const ts = isUpdate ? updatedTs : `1700000000.${String(counter).padStart(6, '0')}`;
        (isUpdate ? updates : accepted).push({
          channel,
          ts,
          text: text ?? '',
          blocks: parsed as SlackBlockSeen[],
          ...(threadTs ? { threadTs } : {}),
        });
        return ok({ channel, ts });
      }
      case '/api/oauth.v2.access': {
        const client = clientOf(request);
        if (client.id !== SLACK_APP.clientId) return refused('invalid_client_id');
        if (client.secret !== SLACK_APP.clientSecret) return refused('bad_client_secret');
        const code = request.form.get('code') ?? '';
        const redirectUri = codes.get(code);
        if (redirectUri === undefined) return refused('invalid_code');
        codes.delete(code);
        if (request.form.get('redirect_uri') !== redirectUri) return refused('bad_redirect_uri');
        return ok({
          access_token: botToken,
          token_type: 'bot',
          scope: 'app_mentions:read,chat:write,im:history',
          bot_user_id: SLACK_APP.botUserId,
          app_id: SLACK_APP.appId,
          team: { id: SLACK_APP.teamId, name: SLACK_APP.teamName },
          enterprise: null,
          authed_user: { id: 'U0ADMIN' },
        });
      }
      case '/api/auth.test':
        if (bearerOf(request) !== botToken) return refused('invalid_auth');
        return ok({
          url: 'https://parley-test.slack.com/',
          team: SLACK_APP.teamName,
          user: 'parley',
          team_id: SLACK_APP.teamId,
          user_id: SLACK_APP.botUserId,
          bot_id: 'B0PARLEY',
        });
      default:
        return refused('unknown_method');
    }
  });
  return {
    ...standIn,
    botToken,
    issueCode(redirectUri) {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, redirectUri);
      return code;
    },
    posted: () => [...accepted],
    updated: () => [...updates],
    refuseNextPosts(count, how) {
      refusing = { count, how };
    },
  };
}
