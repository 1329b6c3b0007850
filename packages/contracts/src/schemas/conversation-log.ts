import { z } from 'zod';
import type { InboundActivity, OutboundActivity } from './activities';
import { CHANNELS, isChannelId } from './channels';

/** The conversation log's time filters in hours (spec 01 section 9), the default first used. */
export const CONVERSATION_LOG_HOURS = [336, 168, 24, 12, 6, 2] as const;
export const CONVERSATION_LOG_DEFAULT_HOURS = 336;
export const CONVERSATION_LOG_POLL_MS = 120_000;
/** Conversations the sidebar lists at most (the newest). */
export const CONVERSATION_LOG_MAX_LISTED = 500;

/** Messages the chat history calls answer at most (the newest): GET .../conversation/log and /log/latest. */
export const CONVERSATION_LOG_MAX_MESSAGES = 2000;
/** What /log/latest looks back when it is not told since when: the shortest time filter. */
export const CONVERSATION_LOG_LATEST_DEFAULT_HOURS = 2;

export const CONVERSATION_LOG_MESSAGES = {
  empty: 'No conversation data to display. Select a different user or time filter.',
  loading: 'Loading... This can take a while for a busy bot.',
  badHours: `hours must be one of ${CONVERSATION_LOG_HOURS.join(', ')}.`,
  badSince: 'since must be a date and time (ISO 8601), such as 2026-11-25T10:00:00.000Z.',
  badConversationId: 'conversationId must be a conversation id of at most 100 characters.',
} as const;

export const conversationLogQuerySchema = z.object({
  hours: z.coerce
    .number({ message: CONVERSATION_LOG_MESSAGES.badHours })
    .refine(
      (hours) => (CONVERSATION_LOG_HOURS as readonly number[]).includes(hours),
      CONVERSATION_LOG_MESSAGES.badHours,
    )
    .default(CONVERSATION_LOG_DEFAULT_HOURS),
});

const conversationIdFilter = z
  .string({ message: CONVERSATION_LOG_MESSAGES.badConversationId })
  .min(1, CONVERSATION_LOG_MESSAGES.badConversationId)
  .max(100, CONVERSATION_LOG_MESSAGES.badConversationId)
  .optional();

/** GET /api/bots/{bot}/conversation/log: the chat history of the last `hours`, or of one conversation in them. */
export const conversationHistoryQuerySchema = conversationLogQuerySchema.extend({
  conversationId: conversationIdFilter,
});

/** GET /api/bots/{bot}/conversation/log/latest: what was said after `since` (the newest message a client has). */
export const latestMessagesQuerySchema = z.object({
  since: z.iso.datetime({ message: CONVERSATION_LOG_MESSAGES.badSince, offset: true }).optional(),
  conversationId: conversationIdFilter,
});

/** A conversation in the log's sidebar. */
export interface ConversationSummaryView {
  conversationId: string;
  user: string;
  channel: string;
  isTest: boolean;
  /** Started with 'Disable analytics' on: logged, but left out of analytics. */
  isAnalyticsDisabled: boolean;
  startedAt: string;
  lastActivityAt: string;
}

/** A chat message (spec 01 section 3): received from the user or sent by the bot, with its times. */
export interface ChatMessageView {
  conversationId: string;
  timestamp: string;
  user: string;
  type: 'received' | 'sent';
  message: InboundActivity | OutboundActivity;
  /** A sent message a person of the team wrote in a handed-over conversation (the agent inbox). */
  agentId?: string;
  statistics: {
    messageFirstReceived: string | null;
    messageTextSent: string | null;
    messageSpeechSent: string | null;
  };
}

export interface ConversationLogView extends ConversationSummaryView {
  messages: ChatMessageView[];
}

/**
 * The channels of test conversations, declared once: the internal test chat, the shared public
 * one, and Test Sub Flow. All run the flows activated to test and are marked as tests.
 */
export const TEST_CHAT_CHANNELS = {
  internal: { id: 'test-chat', name: 'Test chat' },
  public: { id: 'test-chat-public', name: 'Public test chat' },
  subFlow: { id: 'test-chat-sub-flow', name: 'Sub flow test' },
} as const;

/** A stored conversation's channel by name: a test chat's, else the catalogue's; an unknown one by its id. */
export function channelNameOf(id: string): string {
  const test = Object.values(TEST_CHAT_CHANNELS).find((channel) => channel.id === id);
  if (test) return test.name;
  return isChannelId(id) ? CHANNELS[id].name : id;
}
