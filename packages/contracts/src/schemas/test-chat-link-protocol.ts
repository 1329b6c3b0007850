/**
 * The shared test chat (spec 01 'Test chat extras', permission 28): a public page at
 * /test-chat?id={linkId} where someone without a platform account talks to the bot's test flows
 * after giving the bot's test chat password (docs/test-chat-protocol.md, 'The public test chat').
 * Apart from the request schemas (test-chat-link.ts) so the public page's first download does
 * not load zod.
 */

/** The public page's route; its `id` query parameter is the bot's opaque link id. */
export const PUBLIC_TEST_CHAT_PATH = '/test-chat';

/**
 * The public page of a link. An internal pass rides in the fragment, which browsers never send
 * to a server nor put in a Referer, and the page removes it from the address once read.
 */
export function publicTestChatPath(linkId: string, internalPass?: string): string {
  const path = `${PUBLIC_TEST_CHAT_PATH}?id=${encodeURIComponent(linkId)}`;
  return internalPass ? `${path}#pass=${encodeURIComponent(internalPass)}` : path;
}

export const TEST_CHAT_LINK_MESSAGES = {
  title: 'Test your bot',
  invalidPassword: 'Invalid password',
  tooManyAttempts: (minutes: number) =>
    `Too many password attempts for this test chat. Please try again in ${minutes} minutes.`,
  tooManyConversations: (minutes: number) =>
    `Too many conversations started in this session. Please try again in ${minutes} minutes.`,
  tooManyMessages: 'Too many messages in a short time. Wait a moment, then send yours again.',
  sessionEnded: 'This test chat session has ended. Enter the password again.',
  notThisChat: 'This conversation is not part of your test chat.',
} as const;

/**
 * The password of the shared link, as 'Show password' shows it (GET and PUT
 * /api/bots/{bot}/ext-chat/password).
 */
export interface TestChatPasswordView {
  password: string;
  /** The bot's opaque link id: the public page is `publicTestChatPath(linkId)`. */
  linkId: string;
}

/**
 * GET /api/bots/{bot}/int-chat/password: a short-lived pass that opens the bot's public test
 * chat without typing the password ('Open testlink'); it is never shown.
 */
export interface InternalTestChatPassView extends TestChatPasswordView {
  expiresAt: string;
}

/** `ext`: the password of the link, typed by whoever was given it; `int`: the designer's pass. */
export const TEST_CHAT_PASSWORD_TYPES = ['ext', 'int'] as const;
export type TestChatPasswordType = (typeof TEST_CHAT_PASSWORD_TYPES)[number];

/** The header that carries a public test chat's session token (never the platform's AuthToken). */
export const TEST_CHAT_TOKEN_HEADER = 'TestChatToken';

/** The websocket query parameter that carries a public test chat's session token. */
export const TEST_CHAT_SOCKET_PARAM = 'chatToken';

/**
 * A public test chat session: a token good only for this bot's public test chat, until
 * `expiresAt` or until the link's password is reset.
 */
export interface TestChatSession {
  token: string;
  expiresAt: string;
  /** The gateway's address (GET /api/websocket-url needs a platform sign-in). */
  websocketUrl: string;
}
