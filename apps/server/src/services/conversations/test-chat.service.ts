import {
  CHAT_READINESS_MESSAGES,
  type ChatReadiness,
  type ConversationStateView,
  type InboundActivity,
  notFound,
  readBotSettings,
  type StartTestChatBody,
  type TestChatStarted,
  type TopicOf,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { readConversationState } from '@parley/runtime';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { botNamed, mayUseTestChat } from '../bots/bot-access.service';
import { type ConversationOrigin, takeTurn } from './conversation-turns.service';
import { joinConversation } from './join-conversation';
import { publishTurn, variablesOf } from './turn-details';

export const TEST_CHAT_CHANNEL = { id: 'test-chat', name: 'Test chat' } as const;

/** The internal test chat: the flows activated to test, the person testing as the user. */
const testChatOf = (principal: Principal, options: Partial<StartTestChatBody> = {}): ConversationOrigin => ({
  channel: TEST_CHAT_CHANNEL,
  userKey: principal.user.id,
  isTest: true,
  target: 'test',
  isAnalyticsDisabled: options.isAnalyticsDisabled ?? false,
});

/**
 * POST /api/bots/{bot}/test-chat: the test conversation to talk in (its topic is where): a new one,
 * or the tester's last one when the bot continues old conversations and Restart was not asked.
 * With 'Disable analytics' on, a new one is marked when it starts: logged, but left out of analytics.
 */
export async function startTestChat(
  principal: Principal,
  botName: string,
  options: Partial<StartTestChatBody> = {},
): Promise<TestChatStarted> {
  const bot = await botNamed(principal, botName);
  const { conversation, isContinued, history } = await joinConversation(
    principal.scope,
    bot,
    testChatOf(principal, options),
    { startNew: options.startNew ?? false },
  );
  return {
    conversationId: conversation.id,
    botId: bot.id,
    language: conversation.language,
    isContinued,
    history,
  };
}

/** GET /api/bots/{bot}/is-chat-ready: a published model (when the bot has a recognizer) and a flow active on test. */
export async function chatReadiness(principal: Principal, botName: string): Promise<ChatReadiness> {
  const bot = await botNamed(principal, botName);
  const recognizer = readBotSettings(bot.settings).intentRecognizerProvider;
  const reasons: string[] = [];
  if (recognizer && !(await principal.scope.nluModels(bot.id).get(recognizer, 'published'))) {
    reasons.push(CHAT_READINESS_MESSAGES.notPublished);
  }
  if (!(await principal.scope.flows.hasIntentActivation(bot.id, 'test'))) {
    reasons.push(CHAT_READINESS_MESSAGES.noTestFlow);
  }
  return { isReady: reasons.length === 0, reasons };
}

/**
 * GET /api/conversation/{id}/state: the waiting block and the variables of a conversation of a
 * bot whose test chat the caller may use; any other id is as unknown as one that never existed.
 */
export async function conversationState(
  principal: Principal,
  conversationId: string,
): Promise<ConversationStateView> {
  const unknown = notFound(`There is no conversation ${conversationId.slice(0, 100)}.`);
  const botId = await principal.scope.botOfConversation(conversationId);
  if (!botId || !(await mayUseTestChat(principal, botId))) throw unknown;
  const bot = await principal.scope.bots.getById(botId);
  const conversation = bot && (await principal.scope.conversations(bot.id).get(conversationId));
  if (!bot || !conversation) throw unknown;
  const state = readConversationState(conversation.state);
  return {
    conversationId,
    botName: bot.botName,
    waitingAt: state.waiting ? { flow: state.waiting.flow, blockId: state.waiting.blockId } : null,
    variables: variablesOf(state.variables),
  };
}

/**
 * A message in a test chat the socket follows (its right was checked at subscribe time): the
 * turn runs, and its answer goes to every socket following the conversation, on any process.
 */
export async function sayInTestChat(
  ctx: AppContext,
  principal: Principal,
  topic: TopicOf<'conversation'>,
  activity: InboundActivity,
): Promise<void> {
  const bot = await principal.scope.bots.getById(topic.botId);
  const conversation = bot && (await principal.scope.conversations(bot.id).get(topic.conversationId));
  if (!bot || !conversation || conversation.channel !== TEST_CHAT_CHANNEL.id) {
    throw notFound('This test chat does not exist (any more). Start a new one.');
  }
  await answerInTestChat(ctx, principal.scope, bot, testChatOf(principal), topic, activity);
}

/**
 * A turn of a test chat conversation (internal or public), answered to every socket following
 * the conversation's topic, on any process.
 */
export async function answerInTestChat(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  origin: ConversationOrigin,
  topic: TopicOf<'conversation'>,
  activity: InboundActivity,
): Promise<void> {
  const answer = await takeTurn(ctx, scope, bot, topic.conversationId, origin, activity);
  await publishTurn(ctx, bot, topic, answer, activity);
}
