import { z } from 'zod';
import { CHAT_MESSAGES, CHAT_TEXT_MAX_LENGTH } from './activities';

/**
 * Human handover with Parley's own agent inbox (issue 13, spec 04 section 3.8): a conversation
 * moves to a person when a flow's Handover block fires or the bot did not understand the user
 * `unrecognizedIntentLimit` times in a row. Users with permission 60 (Answer handed-over
 * conversations) on the bot see it waiting, take it, chat with the user through the user's own
 * channel, and hand it back to the bot. docs/decisions.md ('Agent inbox') lists the calls.
 */

/** queued: waiting for an agent; active: an agent has it; ended: handed back to the bot. */
export const HANDOVER_STATUSES = ['queued', 'active', 'ended'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/** Why the conversation moved to a person: the flow's Handover block, or the unrecognised-intent limit. */
export const HANDOVER_REASONS = ['handoverBlock', 'unrecognizedIntent', 'negativeSentiment'] as const;
export type HandoverReason = (typeof HANDOVER_REASONS)[number];

/** One handover of a conversation, as the inbox lists it. */
export interface HandoverView {
  handoverId: string;
  conversationId: string;
  botId: string;
  botName: string;
  botDisplayName: string;
  /** The channel the user talks on (test chat, chat bubble, Direct Line...). */
  channel: string;
  /** The user as the channel knows them. */
  userKey: string;
  status: HandoverStatus;
  reason: HandoverReason;
  /** The agent who has (or had) the conversation. */
  agentId: string | null;
  queuedAt: string;
  takenAt: string | null;
  endedAt: string | null;
  /** The user's latest message, for the list. */
  lastUserText: string | null;
}

/** GET /api/handover/inbox: what waits for an agent, and what the caller is answering. */
export interface HandoverInboxView {
  waiting: HandoverView[];
  mine: HandoverView[];
}

/** A bot whose handed-over conversations the caller answers (permission 60, or account administrator). */
export interface HandoverBotView {
  botId: string;
  botName: string;
  displayName: string;
}

/** GET /api/handover/bots: the bots the inbox follows; empty for someone who answers none. */
export interface HandoverBotsView {
  bots: HandoverBotView[];
}

/** Who said a message of a conversation, as the inbox shows it. */
export type HandoverSpeaker = 'user' | 'bot' | 'agent';

/** One message of a handed-over conversation. */
export interface HandoverMessageView {
  turnId: string;
  at: string;
  from: HandoverSpeaker;
  /** The agent who wrote it, for `from: 'agent'`. */
  agentId: string | null;
  /** The message as text (buttons and cards as their texts). */
  text: string;
}

/** GET /api/handover/conversations/{conversationId}: the handover and everything said in the conversation. */
export interface HandoverConversationView {
  handover: HandoverView;
  messages: HandoverMessageView[];
}

/** POST /api/handover/conversations/{conversationId}/messages: what the agent says. */
export const handoverSayBodySchema = z.strictObject({
  text: z
    .string()
    .max(CHAT_TEXT_MAX_LENGTH, CHAT_MESSAGES.textTooLong)
    .refine((text) => text.trim() !== '', 'Write a message first.'),
});
export type HandoverSayBody = z.infer<typeof handoverSayBodySchema>;

/** A conversation id in an inbox path: what the server stores, bounded. */
export const HANDOVER_CONVERSATION_ID_MAX_LENGTH = 100;

export const HANDOVER_MESSAGES = {
  notFound: 'There is no handed-over conversation with this id.',
  alreadyTaken: 'Another agent has already taken this conversation.',
  notWaiting: 'This conversation is no longer waiting for an agent.',
  notYours: 'This conversation is not with you. Take it first.',
  ended: 'This conversation was handed back to the bot.',
} as const;
