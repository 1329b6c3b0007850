import { z } from 'zod';
import { TEST_CHAT_LINK_MESSAGES, TEST_CHAT_PASSWORD_TYPES } from './test-chat-link-protocol';

export * from './test-chat-link-protocol';

/** The shared test chat's request schemas; its paths, messages and views are in test-chat-link-protocol.ts. */

/** POST /api/test-chat/sessions. */
export const testChatSessionBodySchema = z.strictObject({
  linkId: z.string({ message: 'linkId is required.' }).trim().min(1, 'linkId is required.').max(100),
  password: z
    .string({ message: TEST_CHAT_LINK_MESSAGES.invalidPassword })
    .min(1, TEST_CHAT_LINK_MESSAGES.invalidPassword)
    .max(2000, TEST_CHAT_LINK_MESSAGES.invalidPassword),
  passwordType: z.enum(TEST_CHAT_PASSWORD_TYPES).default('ext'),
});
export type TestChatSessionBody = z.infer<typeof testChatSessionBodySchema>;

/** POST /api/bots/{bot}/test-chat: the internal test chat's options for the conversation it starts. */
export const startTestChatBodySchema = z
  .strictObject({
    /** 'Disable analytics': the conversation is logged but left out of analytics. */
    isAnalyticsDisabled: z.boolean({ message: 'isAnalyticsDisabled must be true or false.' }).default(false),
    /** Restart: a new conversation even when the bot continues old ones. */
    startNew: z.boolean({ message: 'startNew must be true or false.' }).default(false),
    /** Test Sub Flow (spec 02 section 2.4): this sub flow's latest saved version starts at once. */
    subFlow: z
      .string({ message: 'subFlow must be the name of a sub flow.' })
      .trim()
      .min(1, 'subFlow must be the name of a sub flow.')
      .max(200, 'subFlow must be the name of a sub flow.')
      .optional(),
  })
  .default({ isAnalyticsDisabled: false, startNew: false });
export type StartTestChatBody = z.infer<typeof startTestChatBodySchema>;
