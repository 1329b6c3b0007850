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
  from?: { id: string; name?: string; role?: 'bot' | 'user' };
  text?: string;
  value?: unknown;
  name?: string;
  attachments?: BotFrameworkAttachment[];
  suggestedActions?: { actions: CardAction[] };
  channelData?: Record<string, unknown>;
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
          contentType: 'application/octet-stream',
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

/** A stored turn of a conversation as the Bot Framework activity its client reads; undefined for none. */
export function activityOfTurn(
  turn: DirectLineTurn,
  conversation: { id: string; userId: string; bot: { id: string; name: string } },
  fileUrl: (fileId: string) => string,
): BotFrameworkActivity | undefined {
  const isUser = turn.direction === 'in';
  const body = isUser
    ? userActivityOf(turn.activity as InboundActivity)
    : botActivityOf(turn.activity as OutboundActivity, fileUrl);
  if (!body) return undefined;
  return {
    ...body,
    id: activityIdOf(conversation.id, turn.seq),
    timestamp: turn.at,
    channelId: DIRECT_LINE_CHANNEL_ID,
    conversation: { id: conversation.id },
    from: isUser
      ? { id: conversation.userId, role: 'user' }
      : { id: conversation.bot.id, name: conversation.bot.name, role: 'bot' },
    ...(isUser && turn.clientActivityId ? { channelData: { clientActivityID: turn.clientActivityId } } : {}),
  };
}
