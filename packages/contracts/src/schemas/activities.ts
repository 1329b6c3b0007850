import { z } from 'zod';
import type { LlmAnswerSource } from './llms';

/**
 * What users and bots say to each other, normalised: every channel turns its own messages into
 * these, and the bot's into its own format. The runtime sees nothing channel-specific.
 */

/** The longest message a user may send (a chat window, an SMS thread, a pasted e-mail). */
export const CHAT_TEXT_MAX_LENGTH = 4000;

export const CHAT_MESSAGES = {
  textTooLong: `A message holds at most ${CHAT_TEXT_MAX_LENGTH} characters.`,
  notAnActivity: 'A message is a text, a button click, files or an event.',
  reservedEvent: 'Event names starting with parley. are reserved for Parley.',
} as const;

/** Events Parley raises itself; a user's event cannot take these names. */
export const RESERVED_EVENT_PREFIX = 'parley.';

/**
 * The activity of a turn the bot takes on its own: the end of a Delay block's wait (scheduled,
 * so no process sleeps). The conversation log does not show it as a user message.
 */
export const RESUME_ACTIVITY = { type: 'event', name: `${RESERVED_EVENT_PREFIX}resume` } as const;

/**
 * The activity of a turn taken when the user stayed silent for the bot's idle timeout while the
 * bot waited for an answer: the bot says its idle text once, and goes on waiting.
 */
export const IDLE_ACTIVITY = { type: 'event', name: `${RESERVED_EVENT_PREFIX}idle` } as const;

/**
 * The activity of a turn taken when the user stayed silent in an LLM block that exits on
 * inactivity: the block leaves by its Inactivity exit.
 */
export const INACTIVITY_ACTIVITY = { type: 'event', name: `${RESERVED_EVENT_PREFIX}inactivity` } as const;

/** The first turn of Test Sub Flow: the sub flow starts at once, before the user says anything. */
export const subFlowTestActivity = (subFlow: string) =>
  ({ type: 'event', name: `${RESERVED_EVENT_PREFIX}test-sub-flow`, value: { subFlow } }) as const;

/** A submitted adaptive card: its inputs' values by id. */
export const CARD_SUBMIT_EVENT = 'adaptiveCard.submit';

const text = z
  .string({ message: CHAT_MESSAGES.notAnActivity })
  .max(CHAT_TEXT_MAX_LENGTH, CHAT_MESSAGES.textTooLong);

/**
 * What the channel received with the message beside what the runtime reads, kept with it in the
 * log as it came and masked as its text is (Direct Line: the sender's name, the locale and the
 * client's channelData, which its echo gives back). The runtime does not read it.
 */
const envelope = z.record(z.string(), z.unknown()).optional();

export const inboundActivitySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text'), text, envelope }),
    /** A button click carries the button's text (what a text-only channel would send). */
    z.strictObject({ type: z.literal('click'), text, envelope }),
    z.strictObject({
      type: z.literal('attachment'),
      files: z
        .array(
          z.strictObject({
            url: z.string().max(2000),
            name: z.string().max(255),
            /** The file's media type, when the channel knows it (an upload's). */
            contentType: z.string().max(255).optional(),
            content: z.string().max(100_000).optional(),
          }),
        )
        .min(1)
        .max(10),
      text: text.optional(),
      envelope,
    }),
    z.strictObject({
      type: z.literal('event'),
      name: z
        .string()
        .min(1)
        .max(100)
        .refine((name) => !name.startsWith(RESERVED_EVENT_PREFIX), CHAT_MESSAGES.reservedEvent),
      value: z.unknown().optional(),
      envelope,
    }),
  ],
  { message: CHAT_MESSAGES.notAnActivity },
);
export type InboundActivity = z.infer<typeof inboundActivitySchema>;

/** What the bot sends. */
export type OutboundActivity =
  | {
      type: 'text';
      text: string;
      /**
       * Ask Question with 'Capture DTMF': a phone caller may key the answer in, ended by the
       * confirm key, and hears the DTMF message. Channels without a keypad ignore it.
       */
      dtmf?: { message: string; confirmKey: string };
      /** An LLM's answer: the passages it was built from (the test chat and the log show them). */
      sources?: LlmAnswerSource[];
    }
  | { type: 'image'; url: string }
  | { type: 'options'; text: string; options: string[]; image?: string }
  | { type: 'rating'; text: string; options: string[] }
  | { type: 'attachment'; name: string; fileId: string }
  /** An adaptive card (adaptivecards.io schema) with the conversation's [variables] filled in. */
  | { type: 'adaptiveCard'; card: Record<string, unknown> }
  | {
      type: 'event';
      /** functionEvent: a Send Event or Capture Storage function's event for the channel's page. */
      name: 'handover' | 'endOfConversation' | 'redirectCall' | 'redirectToBot' | 'functionEvent';
      value?: unknown;
    };

/** The texts of an adaptive card (its TextBlocks and other `text` fields, in order): what a text-only channel shows. */
export function textsOfCard(card: unknown, found: string[] = []): string[] {
  if (Array.isArray(card)) for (const item of card) textsOfCard(item, found);
  else if (typeof card === 'object' && card !== null) {
    for (const [key, value] of Object.entries(card)) {
      if ((key === 'text' || key === 'title') && typeof value === 'string') found.push(value);
      else if (typeof value === 'object') textsOfCard(value, found);
    }
  }
  return found;
}

/** POST /api/bots/{bot}/test-chat: the conversation to follow and talk in over the websocket. */
export interface TestChatStarted {
  conversationId: string;
  botId: string;
  language: string;
  /**
   * The bot continues old conversations (its General settings) and this user had one: it goes on
   * where it was, and `history` holds what was said so far, oldest first.
   */
  isContinued: boolean;
  history: ChatHistoryEntry[];
}

/** A message said earlier in a continued conversation. */
export type ChatHistoryEntry =
  | { from: 'user'; activity: InboundActivity }
  | { from: 'bot'; activity: OutboundActivity };

/** How long a user's last conversation may have been quiet and still be continued (continueOldConversations). */
export const CONTINUE_CONVERSATION_WITHIN_HOURS = 24;

/** GET /api/bots/{bot}/is-chat-ready: whether the test chat can answer, and if not, what to do first. */
export interface ChatReadiness {
  isReady: boolean;
  reasons: string[];
}

export const CHAT_READINESS_MESSAGES = {
  notPublished: 'Publish the bot first: its test chat answers with the published NLU model.',
  noTestFlow: 'Activate a flow to test first: the test chat runs the flows activated to test.',
} as const;

/** GET /api/conversation/{id}/state: where a conversation stands. */
export interface ConversationStateView {
  conversationId: string;
  botName: string;
  /** The block waiting for the user's answer, if any. */
  waitingAt: { flow: string; blockId: string } | null;
  variables: Array<{ name: string; type: string; value: unknown }>;
}
