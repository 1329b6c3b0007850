import {
  CHAT_READINESS_MESSAGES,
  type ChatReadiness,
  type ConversationStateView,
  type InboundActivity,
  notFound,
  readBotSettings,
  type StartTestChatBody,
  subFlowTestActivity,
  type TestChatStarted,
  type TopicOf,
  type WebWidgetView,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { readConversationState } from '@parley/runtime';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { cachedBot } from '../../shared-state/bot-runtime-cache';
import { botNamed, mayUseTestChat } from '../bots/bot-access.service';
import {
  type ConversationOrigin,
  startConversation,
  type TurnOrigin,
  takeTurn,
} from './conversation-turns.service';
import { joinConversation } from './join-conversation';
import { channelOf, TEST_CHAT_CHANNELS } from './test-channels';
import { publishTurn, variablesOf } from './turn-details';

export const TEST_CHAT_CHANNEL = TEST_CHAT_CHANNELS.internal;

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
  ctx: AppContext,
  principal: Principal,
  botName: string,
  options: Partial<StartTestChatBody> = {},
): Promise<TestChatStarted> {
  const bot = await botNamed(principal, botName);
  if (options.subFlow !== undefined) return startSubFlowTest(ctx, principal, bot, options.subFlow, options);
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

/**
 * Test Sub Flow: a new conversation whose first turn runs the sub flow's latest saved version from
 * its start (no recognition); its first answers come back as `history`, the rest over the socket.
 */
async function startSubFlowTest(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  subFlow: string,
  options: Partial<StartTestChatBody>,
): Promise<TestChatStarted> {
  const fn = await principal.scope.functions(bot.id).get(subFlow);
  if (fn?.type !== 'flow') throw notFound(`There is no sub flow ${subFlow.slice(0, 200)} in this bot.`);
  const origin = { ...testChatOf(principal, options), channel: TEST_CHAT_CHANNELS.subFlow };
  const conversation = await startConversation(principal.scope, bot, origin);
  const first = await takeTurn(
    ctx,
    principal.scope,
    bot,
    conversation.id,
    origin,
    subFlowTestActivity(fn.name),
  );
  return {
    conversationId: conversation.id,
    botId: bot.id,
    language: conversation.language,
    isContinued: false,
    history: first.activities.map((activity) => ({ from: 'bot' as const, activity })),
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
 * GET /api/bots/{bot}/web-widget (spec 02 section 7): whether the bot's web widget, its test chat,
 * is enabled: whether it can answer there (the chat readiness above). The dashboard loads only then.
 */
export async function webWidget(principal: Principal, botName: string): Promise<WebWidgetView> {
  return { enabled: (await chatReadiness(principal, botName)).isReady };
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
  const gone = () => notFound('This test chat does not exist (any more). Start a new one.');
  const bot = await cachedBot(ctx.botRuntime, principal.scope, topic.botId);
  if (!bot) throw gone();
  const isInternal = (channel: string) =>
    channel === TEST_CHAT_CHANNELS.internal.id || channel === TEST_CHAT_CHANNELS.subFlow.id;
  await answerInTestChat(ctx, principal.scope, bot, topic, activity, (conversation) => {
    if (!isInternal(conversation.channel)) throw gone();
    // A sub-flow test goes on in its own channel: its sub flow stays on the latest saved version.
    return { ...testChatOf(principal), channel: channelOf(conversation.channel) };
  });
}

/**
 * A turn of a test chat conversation (internal or public), answered to every socket following
 * the conversation's topic, on any process.
 */
export async function answerInTestChat(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  topic: TopicOf<'conversation'>,
  activity: InboundActivity,
  origin: TurnOrigin,
): Promise<void> {
  const answer = await takeTurn(ctx, scope, bot, topic.conversationId, origin, activity);
  await publishTurn(ctx, bot, topic, answer, activity);
}
