import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  type InboundActivity,
  type InternalTestChatPassView,
  notFound,
  TEST_CHAT_LINK_MESSAGES,
  type TestChatPasswordView,
  type TestChatSession,
  type TestChatSessionBody,
  type TestChatStarted,
  type TopicOf,
} from '@parley/contracts';
import type { Bot, TestChatLink } from '@parley/db';
import type { Principal } from '../../auth/principal';
import { createTestChatTokens, type TestChatSessionClaims } from '../../auth/test-chat-tokens';
import type { AppContext } from '../../context';
import { botNamed } from '../bots/bot-access.service';
import { createSecretSeal } from '../functions/function-secret-seal';
import { type ConversationOrigin, startConversation } from './conversation-turns.service';
import { TEST_CHAT_CHANNELS } from './test-channels';
import { answerInTestChat } from './test-chat.service';
import { isVisitorConversation } from './visitor-conversation';

/** Conversations of the public test chat: logged like any other, under their own channel. */
export const PUBLIC_TEST_CHAT_CHANNEL = TEST_CHAT_CHANNELS.public;

/** How long a public test chat session lasts, and the designer's pass that opens one. */
export const TEST_CHAT_SESSION_TTL_MS = 8 * 3600_000;
export const TEST_CHAT_PASS_TTL_MS = 15 * 60_000;

/** Password attempts per bot and client address; conversations and messages per session. */
export const TEST_CHAT_LIMITS = {
  passwordAttempts: 10,
  passwordWindowSeconds: 15 * 60,
  conversationStarts: 20,
  conversationWindowSeconds: 15 * 60,
  messagesPerMinute: 60,
} as const;

/** A public test chat session, checked: the token is good and the link's password unchanged. */
export interface PublicChatSession extends TestChatSessionClaims {
  /** The user key of the session's conversations: a conversation is the session's when it has it. */
  userKey: string;
  expiresAtMs: number;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 16 characters from a CSPRNG in four groups (about 79 bits): 'k7mq-2xpa-9rtd-h3wc'. */
export function generateTestChatPassword(): string {
  const chars = Array.from({ length: 16 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4).join('')).join('-');
}

const newLinkId = () => randomBytes(16).toString('base64url');

/** The sealing and the tokens of one server secret, made once. */
const toolsBySecret = new Map<
  string,
  { seal: ReturnType<typeof createSecretSeal>; tokens: ReturnType<typeof createTestChatTokens> }
>();
function toolsOf(ctx: AppContext) {
  const secret = ctx.config.jwtSecret;
  let tools = toolsBySecret.get(secret);
  if (!tools) {
    tools = {
      seal: createSecretSeal(secret, 'test-chat-passwords'),
      tokens: createTestChatTokens(secret),
    };
    toolsBySecret.set(secret, tools);
  }
  return tools;
}

const sessionEnded = () => new AppError('unauthorised_error_code', TEST_CHAT_LINK_MESSAGES.sessionEnded);

/** Equal texts, compared in a time that does not tell how much of a guess was right. */
function isSameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

// --- the designer's side: GET int-chat/password, GET and PUT ext-chat/password (permission 28) ---

async function linkOf(
  ctx: AppContext,
  principal: Principal,
  botName: string,
): Promise<{ bot: Bot; link: TestChatLink }> {
  const bot = await botNamed(principal, botName);
  const { seal } = toolsOf(ctx);
  const link = await principal.scope.testChatLinks.getOrCreate(bot.id, () => ({
    linkId: newLinkId(),
    password: seal.seal(generateTestChatPassword()),
  }));
  return { bot, link };
}

/** GET /api/bots/{bot}/ext-chat/password: the link's password, made on the first call. */
export async function externalTestChatPassword(
  ctx: AppContext,
  principal: Principal,
  botName: string,
): Promise<TestChatPasswordView> {
  const { bot, link } = await linkOf(ctx, principal, botName);
  const password = toolsOf(ctx).seal.open(link.password);
  // Sealed under a server secret that has since changed: nobody can give it any more, so a new one.
  if (!password) return resetPassword(ctx, principal, bot);
  return { password, linkId: link.linkId };
}

/** PUT /api/bots/{bot}/ext-chat/password: a new password; sessions opened with the old one end. */
export async function resetExternalTestChatPassword(
  ctx: AppContext,
  principal: Principal,
  botName: string,
): Promise<TestChatPasswordView> {
  const { bot } = await linkOf(ctx, principal, botName);
  return resetPassword(ctx, principal, bot);
}

async function resetPassword(ctx: AppContext, principal: Principal, bot: Bot): Promise<TestChatPasswordView> {
  const password = generateTestChatPassword();
  const link = await principal.scope.testChatLinks.resetPassword(bot.id, toolsOf(ctx).seal.seal(password));
  if (!link) throw notFound(`There is no bot named ${bot.botName}.`);
  return { password, linkId: link.linkId };
}

/**
 * GET /api/bots/{bot}/int-chat/password: a pass for 'Open testlink', good for a few minutes, so
 * the designer's new tab opens the public chat without the password being typed or shown.
 */
export async function internalTestChatPass(
  ctx: AppContext,
  principal: Principal,
  botName: string,
): Promise<InternalTestChatPassView> {
  const { link } = await linkOf(ctx, principal, botName);
  const { token, expiresAt } = await toolsOf(ctx).tokens.signPass(link.linkId, TEST_CHAT_PASS_TTL_MS);
  return { password: token, linkId: link.linkId, expiresAt: expiresAt.toISOString() };
}

// --- the visitor's side: the public test chat ----------------------------------------------------

/**
 * POST /api/test-chat/sessions: the password (or the designer's pass) for a session token good
 * only for this link's bot. Attempts are counted per bot and client address in the shared
 * rate limiter; each takes its slot before the check and a right one gives it back, so a burst
 * cannot slip past the count.
 */
export async function openTestChatSession(
  ctx: AppContext,
  body: TestChatSessionBody,
  clientAddress: string,
): Promise<Omit<TestChatSession, 'websocketUrl'>> {
  const link = await ctx.repos.testChatLinks.byLinkId(body.linkId);
  const attemptsKey = `test-chat-password:${link ? link.botId : `unknown:${body.linkId}`}:${clientAddress}`;
  const limits = TEST_CHAT_LIMITS;
  const hits = await ctx.shared.rateLimiter.hit(attemptsKey, limits.passwordWindowSeconds);
  if (hits > limits.passwordAttempts) {
    throw new AppError(
      'rate_limit_error',
      TEST_CHAT_LINK_MESSAGES.tooManyAttempts(Math.ceil(limits.passwordWindowSeconds / 60)),
      { retryAfterSeconds: limits.passwordWindowSeconds },
    );
  }
  const { seal, tokens } = toolsOf(ctx);
  const isRight =
    link !== undefined &&
    (body.passwordType === 'int'
      ? await tokens.isPassFor(body.password, link.linkId)
      : isRightPassword(seal.open(link.password), body.password));
  if (!link || !isRight)
    throw new AppError('unauthorised_error_code', TEST_CHAT_LINK_MESSAGES.invalidPassword);
  await ctx.shared.rateLimiter.release(attemptsKey);
  const { token, expiresAt } = await tokens.signSession(
    {
      sessionId: randomBytes(16).toString('base64url'),
      tenantId: link.tenantId,
      botId: link.botId,
      linkId: link.linkId,
      passwordVersion: link.passwordVersion,
    },
    TEST_CHAT_SESSION_TTL_MS,
  );
  return { token, expiresAt: expiresAt.toISOString() };
}

/** Spaces around a pasted password do not count; an unreadable (empty) stored one matches nothing. */
const isRightPassword = (stored: string, given: string) => stored !== '' && isSameText(stored, given.trim());

/**
 * The session a token stands for, checked against the link as it is now: a reset password, a
 * deleted bot (its link goes with it) or an expired token ends it (401 unauthorised_error_code).
 */
export async function publicChatSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<PublicChatSession> {
  if (!token) throw sessionEnded();
  const claims = await toolsOf(ctx).tokens.verifySession(token);
  const link = await ctx.repos.forTenant(claims.tenantId).testChatLinks.get(claims.botId);
  if (!link || link.linkId !== claims.linkId || link.passwordVersion !== claims.passwordVersion)
    throw sessionEnded();
  // 60 random bits: short enough for the conversation log, far too many to share by chance.
  return { ...claims, userKey: `visitor-${claims.sessionId.slice(0, 10)}` };
}

const publicOrigin = (session: PublicChatSession): ConversationOrigin => ({
  channel: PUBLIC_TEST_CHAT_CHANNEL,
  userKey: session.userKey,
  isTest: true,
  target: 'test',
});

async function sessionBot(ctx: AppContext, session: PublicChatSession) {
  const scope = ctx.repos.forTenant(session.tenantId);
  const bot = await scope.bots.getById(session.botId);
  if (!bot) throw sessionEnded();
  return { scope, bot };
}

/** POST /api/test-chat/conversations: a new conversation of the session's bot, on its test flows. */
export async function startPublicTestChat(
  ctx: AppContext,
  session: PublicChatSession,
): Promise<TestChatStarted> {
  const limits = TEST_CHAT_LIMITS;
  const starts = await ctx.shared.rateLimiter.hit(
    `test-chat-start:${session.sessionId}`,
    limits.conversationWindowSeconds,
  );
  if (starts > limits.conversationStarts) {
    throw new AppError(
      'rate_limit_error',
      TEST_CHAT_LINK_MESSAGES.tooManyConversations(Math.ceil(limits.conversationWindowSeconds / 60)),
      { retryAfterSeconds: limits.conversationWindowSeconds },
    );
  }
  const { scope, bot } = await sessionBot(ctx, session);
  const conversation = await startConversation(scope, bot, publicOrigin(session));
  // A visitor's conversation starts afresh: each session is a new user.
  const started = {
    conversationId: conversation.id,
    botId: bot.id,
    language: conversation.language,
    isContinued: false,
    history: [],
  };
  return started;
}

/** A session follows and talks in only the conversations it started itself. */
export const isSessionConversation = (
  ctx: AppContext,
  session: PublicChatSession,
  topic: TopicOf<'conversation'>,
): Promise<boolean> => isVisitorConversation(ctx, session, PUBLIC_TEST_CHAT_CHANNEL.id, topic);

/** A visitor's message in their conversation: the turn runs and goes out on the conversation's topic. */
export async function sayInPublicTestChat(
  ctx: AppContext,
  session: PublicChatSession,
  topic: TopicOf<'conversation'>,
  activity: InboundActivity,
): Promise<void> {
  const said = await ctx.shared.rateLimiter.hit(`test-chat-say:${session.sessionId}`, 60);
  if (said > TEST_CHAT_LIMITS.messagesPerMinute) {
    throw new AppError('rate_limit_error', TEST_CHAT_LINK_MESSAGES.tooManyMessages, {
      retryAfterSeconds: 60,
    });
  }
  if (!(await isSessionConversation(ctx, session, topic)))
    throw notFound(TEST_CHAT_LINK_MESSAGES.notThisChat);
  const { scope, bot } = await sessionBot(ctx, session);
  await answerInTestChat(ctx, scope, bot, topic, activity, publicOrigin(session));
}
