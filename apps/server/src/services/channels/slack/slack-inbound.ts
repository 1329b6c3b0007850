import type { InboundActivity } from '@parley/contracts';
import { z } from 'zod';
import { plainTextOfSlack } from './slack-text';

/**
 * What Slack posts to the bot's request URL, as far as Parley reads it: Events API envelopes
 * (JSON) and interactivity payloads (a form with one field, payload, holding JSON).
 */
const id = z.string().min(1).max(100);

const fileSchema = z.looseObject({
  name: z.string().max(255).optional(),
  url_private: z.string().max(2000).optional(),
});

/** A message event (message.im) or an app_mention (api.slack.com/events). */
export const slackEventSchema = z.looseObject({
  type: z.string().max(100),
  user: id.optional(),
  text: z.string().max(100_000).optional(),
  channel: id.optional(),
  channel_type: z.string().max(50).optional(),
  ts: z.string().max(50).optional(),
  thread_ts: z.string().max(50).optional(),
  bot_id: z.string().max(100).optional(),
  subtype: z.string().max(100).optional(),
  files: z.array(fileSchema).max(20).optional(),
});
export type SlackEvent = z.infer<typeof slackEventSchema>;

const envelopeSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('url_verification'), challenge: z.string().max(200) }),
  z.looseObject({
    type: z.literal('event_callback'),
    team_id: id,
    event_id: id,
    event: slackEventSchema,
  }),
]);

/** A click on a button (block_actions, api.slack.com/reference/interaction-payloads/block-actions). */
const blockActionsSchema = z.looseObject({
  type: z.literal('block_actions'),
  team: z.looseObject({ id }).nullish(),
  user: z.looseObject({ id, team_id: id.optional() }),
  channel: z.looseObject({ id }).optional(),
  container: z
    .looseObject({ channel_id: id.optional(), thread_ts: z.string().max(50).optional() })
    .optional(),
  message: z
    .looseObject({
      ts: z.string().max(50).optional(),
      thread_ts: z.string().max(50).optional(),
      blocks: z
        .array(z.looseObject({ type: z.string().max(50) }))
        .max(50)
        .optional(),
    })
    .optional(),
  trigger_id: z.string().max(200).optional(),
  actions: z
    .array(
      z.looseObject({
        type: z.string().max(50),
        action_id: z.string().max(255).optional(),
        value: z.string().max(2000).optional(),
        action_ts: z.string().max(50),
      }),
    )
    .min(1)
    .max(25),
});
export type SlackBlockActions = z.infer<typeof blockActionsSchema>;

/** Where the bot answers a user: their channel (a direct message or a channel), in a thread if any. */
export interface SlackAddress {
  channel: string;
  team: string;
  threadTs?: string;
}

/** A user's message or click, with what the inbound pipeline needs of it. */
/** The bot's message whose button was clicked: it is shown with the choice instead of its buttons. */
export interface SlackClickedMessage {
  channel: string;
  ts: string;
  blocks: { type: string }[];
  chosen: string;
}

export interface SlackInbound {
  /** Slack's id of the delivery (event_id), or of the click: retries of it are answered once. */
  messageId: string;
  team: string;
  user: string;
  address: SlackAddress;
  activity: InboundActivity;
  clicked?: SlackClickedMessage;
}

export type SlackRequest =
  | { kind: 'challenge'; challenge: string }
  | { kind: 'inbound'; inbound: SlackInbound }
  /** Something Slack sends that the bot does not answer (its own messages, edits, other events). */
  | { kind: 'ignored' }
  | { kind: 'malformed' };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A verified request's body as what it asks of the bot. The bot's own user id leaves its
 * mentions out of the text.
 */
export function readSlackRequest(
  body: Buffer,
  contentType: string | undefined,
  botUserId?: string,
): SlackRequest {
  const text = body.toString('utf8');
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const payload = new URLSearchParams(text).get('payload');
    const parsed = blockActionsSchema.safeParse(payload === null ? undefined : parseJson(payload));
    if (parsed.success) return inboundOfClick(parsed.data);
    return payload === null || parseJson(payload) === undefined ? { kind: 'malformed' } : { kind: 'ignored' };
  }
  const json = parseJson(text);
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    const type = (json as { type?: unknown } | null | undefined)?.type;
    // Other envelope types Slack may send (app_rate_limited) need nothing; junk is refused.
    return typeof type === 'string' && type !== 'url_verification' && type !== 'event_callback'
      ? { kind: 'ignored' }
      : { kind: 'malformed' };
  }
  if (parsed.data.type === 'url_verification') return { kind: 'challenge', challenge: parsed.data.challenge };
  return inboundOfEvent(parsed.data.event_id, parsed.data.team_id, parsed.data.event, botUserId);
}

function inboundOfEvent(eventId: string, team: string, event: SlackEvent, botUserId?: string): SlackRequest {
  const activity = slackEventActivity(event, botUserId);
  if (!activity || !event.user || !event.channel) return { kind: 'ignored' };
  // A mention in a channel is answered in its thread; a direct message where it was written.
  const threadTs = event.type === 'app_mention' ? (event.thread_ts ?? event.ts) : event.thread_ts;
  return {
    kind: 'inbound',
    inbound: {
      messageId: eventId,
      team,
      user: event.user,
      address: { channel: event.channel, team, ...(threadTs ? { threadTs } : {}) },
      activity,
    },
  };
}

function inboundOfClick(payload: SlackBlockActions): SlackRequest {
  const action = payload.actions[0];
  const team = payload.team?.id ?? payload.user.team_id;
  const channel = payload.channel?.id ?? payload.container?.channel_id;
  const activity = action && slackClickActivity(action);
  if (!action || !activity || !team || !channel) return { kind: 'ignored' };
  const threadTs = payload.message?.thread_ts ?? payload.container?.thread_ts;
  const clickedTs = payload.message?.ts;
  const clicked =
    clickedTs && payload.message?.blocks && activity.type === 'click'
      ? { channel, ts: clickedTs, blocks: payload.message.blocks, chosen: activity.text }
      : undefined;
  return {
    kind: 'inbound',
    inbound: {
      messageId: `block_actions:${payload.user.id}:${action.action_ts}`,
      team,
      user: payload.user.id,
      address: { channel, team, ...(threadTs ? { threadTs } : {}) },
      activity,
      ...(clicked ? { clicked } : {}),
    },
  };
}

/**
 * A Slack event as the runtime's activity: a direct message or a mention's text, files shared
 * with it as an attachment. Messages of bots (the bot's own answers included) and edits,
 * deletions and other subtypes are not answered, so the bot never talks to itself.
 */
export function slackEventActivity(event: SlackEvent, botUserId?: string): InboundActivity | undefined {
  if (event.bot_id || !event.user || (botUserId && event.user === botUserId)) return undefined;
  const isDirectMessage = event.type === 'message' && event.channel_type === 'im';
  if (!isDirectMessage && event.type !== 'app_mention') return undefined;
  if (event.subtype && event.subtype !== 'file_share') return undefined;
  const text = plainTextOfSlack(event.text ?? '', botUserId, event.type === 'app_mention');
  const files = (event.files ?? []).flatMap((file) =>
    file.url_private ? [{ url: file.url_private, name: (file.name ?? 'file').slice(0, 255) }] : [],
  );
  if (files.length > 0) return { type: 'attachment', files: files.slice(0, 10), ...(text ? { text } : {}) };
  return text === '' ? undefined : { type: 'text', text };
}

/** A button click as the runtime's click: the button's value is its option's text. */
export function slackClickActivity(
  action: SlackBlockActions['actions'][number],
): InboundActivity | undefined {
  if (action.type !== 'button' || !action.value || action.value.trim() === '') return undefined;
  return { type: 'click', text: action.value };
}
