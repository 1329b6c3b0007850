import { z } from 'zod';

/**
 * What users and bots say to each other, normalised: every channel turns its own messages into
 * these, and the bot's into its own format. The runtime sees nothing channel-specific.
 */

/** The longest message a user may send (a chat window, an SMS thread, a pasted e-mail). */
export const CHAT_TEXT_MAX_LENGTH = 4000;

export const CHAT_MESSAGES = {
  textTooLong: `A message holds at most ${CHAT_TEXT_MAX_LENGTH} characters.`,
  notAnActivity: 'A message is a text, a button click, files or an event.',
} as const;

const text = z
  .string({ message: CHAT_MESSAGES.notAnActivity })
  .max(CHAT_TEXT_MAX_LENGTH, CHAT_MESSAGES.textTooLong);

export const inboundActivitySchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text'), text }),
    /** A button click carries the button's text (what a text-only channel would send). */
    z.strictObject({ type: z.literal('click'), text }),
    z.strictObject({
      type: z.literal('attachment'),
      files: z
        .array(
          z.strictObject({
            url: z.string().max(2000),
            name: z.string().max(255),
            content: z.string().max(100_000).optional(),
          }),
        )
        .min(1)
        .max(10),
      text: text.optional(),
    }),
    z.strictObject({
      type: z.literal('event'),
      name: z.string().min(1).max(100),
      value: z.unknown().optional(),
    }),
  ],
  { message: CHAT_MESSAGES.notAnActivity },
);
export type InboundActivity = z.infer<typeof inboundActivitySchema>;

/** What the bot sends. */
export type OutboundActivity =
  | { type: 'text'; text: string }
  | { type: 'image'; url: string }
  | { type: 'options'; text: string; options: string[]; image?: string }
  | { type: 'rating'; text: string; options: string[] }
  | { type: 'attachment'; name: string; fileId: string }
  | {
      type: 'event';
      name: 'handover' | 'endOfConversation' | 'redirectCall' | 'redirectToBot';
      value?: unknown;
    };

/** POST /api/bots/{bot}/test-chat: the conversation to follow and talk in over the websocket. */
export interface TestChatStarted {
  conversationId: string;
  botId: string;
  language: string;
}

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
