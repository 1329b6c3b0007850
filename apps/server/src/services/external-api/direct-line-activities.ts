import {
  CARD_SUBMIT_EVENT,
  type InboundActivity,
  type OutboundActivity,
  RESERVED_EVENT_PREFIX,
} from '@parley/contracts';
import type { DirectLineTurn } from '@parley/db';

/**
 * Bot Framework activities (the Direct Line 3.0 schema) to and from the runtime's normalised
 * activities. Only what this channel sends and reads is typed; clients may send more, which is
 * left aside.
 */
export interface BotFrameworkActivity {
  type: string;
  id?: string;
  timestamp?: string;
  channelId?: string;
  conversation?: { id: string };
  from?: ChannelAccount;
  recipient?: ChannelAccount;
  replyToId?: string;
  locale?: string;
  text?: string;
  textFormat?: 'plain' | 'markdown';
  /** Whether the bot waits for an answer ('expectingInput') or just takes one ('acceptingInput'). */
  inputHint?: 'acceptingInput' | 'expectingInput';
  value?: unknown;
  name?: string;
  attachments?: BotFrameworkAttachment[];
  suggestedActions?: { actions: CardAction[] };
  channelData?: Record<string, unknown>;
}

export interface ChannelAccount {
  id: string;
  name?: string;
  role?: 'bot' | 'user';
}

export interface BotFrameworkAttachment {
  contentType: string;
  contentUrl?: string;
  content?: unknown;
  name?: string;
}

interface CardAction {
  type: 'imBack';
  title: string;
  value: string;
}

/** The channel id Direct Line puts on every activity. */
export const DIRECT_LINE_CHANNEL_ID = 'directline';

const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';
const HERO_CARD = 'application/vnd.microsoft.card.hero';

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/** An image's content type from its address's extension; PNG when it says none. */
function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[extension] ?? 'image/png';
}

/** Options become buttons that send their text back, as a user typing it would (imBack). */
const buttons = (options: readonly string[]): CardAction[] =>
  options.map((option) => ({ type: 'imBack', title: option, value: option }));

/**
 * What the bot said, as Bot Framework activities: texts, suggested actions for options and ratings
 * (a hero card when the options come with an image), image and card attachments, events.
 */
export function botActivityOf(
  activity: OutboundActivity,
  fileUrl: (fileId: string) => string,
): BotFrameworkActivity {
  switch (activity.type) {
    case 'text':
      return { type: 'message', text: activity.text };
    case 'image':
      return {
        type: 'message',
        attachments: [{ contentType: imageType(activity.url), contentUrl: activity.url }],
      };
    case 'options':
      return activity.image
        ? {
            type: 'message',
            attachments: [
              {
                contentType: HERO_CARD,
                content: {
                  text: activity.text,
                  images: [{ url: activity.image }],
                  buttons: buttons(activity.options),
                },
              },
            ],
          }
        : { type: 'message', text: activity.text, suggestedActions: { actions: buttons(activity.options) } };
    case 'rating':
      return {
        type: 'message',
        text: activity.text,
        suggestedActions: { actions: buttons(activity.options) },
      };
    case 'attachment':
      return {
        type: 'message',
        attachments: [
          {
            contentType: 'application/octet-stream',
            contentUrl: fileUrl(activity.fileId),
            name: activity.name,
          },
        ],
      };
    case 'adaptiveCard':
      return { type: 'message', attachments: [{ contentType: ADAPTIVE_CARD, content: activity.card }] };
    case 'event':
      return activity.name === 'endOfConversation'
        ? { type: 'endOfConversation' }
        : {
            type: 'event',
            name: activity.name,
            ...(activity.value === undefined ? {} : { value: activity.value }),
          };
  }
}

/**
 * What the user said, as Direct Line echoes it back: the message they sent. Undefined for the
 * turns the bot took on its own (a delay's end, the idle text), which no one said.
 */
export function userActivityOf(activity: InboundActivity): BotFrameworkActivity | undefined {
  switch (activity.type) {
    case 'text':
    case 'click':
      return { type: 'message', text: activity.text };
    case 'attachment':
      return {
        type: 'message',
        ...(activity.text === undefined ? {} : { text: activity.text }),
        attachments: activity.files.map((file) => ({
          contentType: file.contentType ?? 'application/octet-stream',
          contentUrl: file.url,
          name: file.name,
        })),
      };
    case 'event':
      if (activity.name.startsWith(RESERVED_EVENT_PREFIX)) return undefined;
      return activity.name === CARD_SUBMIT_EVENT
        ? { type: 'message', value: activity.value }
        : { type: 'event', name: activity.name, value: activity.value };
  }
}

/** The most a client's channelData may hold, serialised: it is kept with every message. */
export const CHANNEL_DATA_MAX_BYTES = 16 * 1024;

/** A BCP 47 language tag, as a client's `locale`. */
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * What a client sent with its activity that the runtime does not read, kept so that the echo is
 * the activity as sent: the sender's name, the locale and channelData. `userName`, not `name`:
 * the log masks every text a person wrote, and names of things (`name`) are left as they are.
 */
export interface DirectLineEnvelope {
  userName?: string;
  locale?: string;
  channelData?: Record<string, unknown>;
}

/** The envelope of a posted activity; undefined when it carries none. */
export function envelopeOf(posted: Record<string, unknown>): DirectLineEnvelope | undefined {
  const from = isRecord(posted.from) ? posted.from : {};
  const envelope: DirectLineEnvelope = {
    ...(typeof from.name === 'string' && from.name.length <= 256 ? { userName: from.name } : {}),
    ...(typeof posted.locale === 'string' && LOCALE.test(posted.locale) ? { locale: posted.locale } : {}),
    ...(isRecord(posted.channelData) ? { channelData: posted.channelData } : {}),
  };
  return Object.keys(envelope).length > 0 ? envelope : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A client's message or event as the runtime's activity: a message's text, a card's submitted
 * values (a message with a `value`: an adaptive card's Action.Submit or a postBack button), its
 * attachments by address, or a named event. Typing and other activities take no turn: undefined.
 */
export function inboundActivityOf(activity: Record<string, unknown>): unknown {
  const text = typeof activity.text === 'string' ? activity.text : undefined;
  if (activity.type === 'event') {
    return {
      type: 'event',
      name: activity.name,
      ...(activity.value === undefined ? {} : { value: activity.value }),
    };
  }
  if (activity.type !== 'message') return undefined;
  if (activity.value !== undefined && activity.value !== null && (text === undefined || text === '')) {
    return { type: 'event', name: CARD_SUBMIT_EVENT, value: activity.value };
  }
  const attachments = Array.isArray(activity.attachments) ? activity.attachments : [];
  if (attachments.length > 0) {
    return {
      type: 'attachment',
      files: attachments.map((raw) => {
        const attachment = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
        return {
          url: attachment.contentUrl,
          name: typeof attachment.name === 'string' ? attachment.name : 'file',
          ...(typeof attachment.contentType === 'string' ? { contentType: attachment.contentType } : {}),
        };
      }),
      ...(text ? { text } : {}),
    };
  }
  return { type: 'text', text: text ?? '' };
}

/** The activity id of a turn: the conversation and the turn's number, as Direct Line's `{conversation}|{n}`. */
export const activityIdOf = (conversationId: string, seq: number) =>
  `${conversationId}|${String(seq).padStart(7, '0')}`;

/** Who talks in a Direct Line conversation, and in which language the bot answers. */
export interface DirectLineParties {
  conversationId: string;
  userId: string;
  bot: { id: string; name: string };
  /** The conversation's language: the locale of the bot's activities. */
  locale: string;
}

/** When a row is delivered and which user message it answers (the seq of the turn's user row). */
export interface RowDelivery {
  timestamp: string;
  replyToSeq?: number;
}

const botAccount = (parties: DirectLineParties): ChannelAccount => ({
  id: parties.bot.id,
  name: parties.bot.name,
  role: 'bot',
});

/** What every activity of the conversation carries: its id, time, channel, conversation and who to whom. */
function frame(parties: DirectLineParties, seq: number, delivery: RowDelivery, isUser: boolean) {
  return {
    id: activityIdOf(parties.conversationId, seq),
    timestamp: delivery.timestamp,
    channelId: DIRECT_LINE_CHANNEL_ID,
    conversation: { id: parties.conversationId },
    ...(isUser
      ? {}
      : { from: botAccount(parties), recipient: { id: parties.userId, role: 'user' as const } }),
    ...(delivery.replyToSeq === undefined
      ? {}
      : { replyToId: activityIdOf(parties.conversationId, delivery.replyToSeq) }),
  };
}

/** A stored turn of a conversation as the Bot Framework activity its client reads; undefined for none. */
export function activityOfTurn(
  turn: DirectLineTurn,
  parties: DirectLineParties,
  fileUrl: (fileId: string) => string,
  delivery: RowDelivery,
): BotFrameworkActivity | undefined {
  if (turn.direction === 'in') return userEchoOf(turn, parties, delivery);
  const body = botActivityOf(turn.activity as OutboundActivity, fileUrl);
  return {
    ...body,
    ...frame(parties, turn.seq, delivery, false),
    locale: parties.locale,
    // The bot's texts are plain, as the chat bubble shows them (Web Chat would read them as Markdown).
    ...(body.type === 'message'
      ? {
          textFormat: 'plain' as const,
          inputHint: body.suggestedActions ? ('expectingInput' as const) : ('acceptingInput' as const),
        }
      : {}),
  };
}

/** The user's message as they sent it: its envelope (name, locale, channelData) given back. */
function userEchoOf(
  turn: DirectLineTurn,
  parties: DirectLineParties,
  delivery: RowDelivery,
): BotFrameworkActivity | undefined {
  const activity = turn.activity as InboundActivity;
  const body = userActivityOf(activity);
  if (!body) return undefined;
  const envelope = isRecord(activity.envelope) ? activity.envelope : {};
  const channelData = {
    ...(isRecord(envelope.channelData) ? envelope.channelData : {}),
    // Kept apart from the masked log: Web Chat matches its message by it.
    ...(turn.clientActivityId ? { clientActivityID: turn.clientActivityId } : {}),
  };
  return {
    ...body,
    ...frame(parties, turn.seq, delivery, true),
    from: {
      id: parties.userId,
      ...(typeof envelope.userName === 'string' ? { name: envelope.userName } : {}),
      role: 'user',
    },
    recipient: botAccount(parties),
    ...(typeof envelope.locale === 'string' && LOCALE.test(envelope.locale)
      ? { locale: envelope.locale }
      : {}),
    ...(Object.keys(channelData).length > 0 ? { channelData } : {}),
  };
}

/** The bot is typing: sent while its next message waits for the in-between delay. */
export function typingActivity(
  parties: DirectLineParties,
  pendingSeq: number,
  delivery: RowDelivery,
): BotFrameworkActivity {
  return {
    type: 'typing',
    ...frame(parties, pendingSeq, delivery, false),
    id: `${activityIdOf(parties.conversationId, pendingSeq)}-typing`,
  };
}
