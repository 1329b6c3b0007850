import {
  conflict,
  HANDOVER_CONVERSATION_ID_MAX_LENGTH,
  type HandoverBotsView,
  type HandoverConversationView,
  type HandoverInboxView,
  type HandoverMessageView,
  type HandoverView,
  HANDOVER_MESSAGES as M,
  notFound,
  Permission,
  permissionDenied,
  RESERVED_EVENT_PREFIX,
} from '@parley/contracts';
import type { Bot, ConversationRecord, HandoverRecord } from '@parley/db';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { maySeeBot } from '../bots/bot-access.service';
import { oneAtATime } from '../conversations/conversation-lock';
import { handoverSettingsOf } from '../features/feature-settings.service';
import { botsAnswered, handoverBotView, mayAnswerHandovers } from './handover-access';
import {
  handoverViewOf,
  messageViewOf,
  publishHandoverChanged,
  publishHandoverMessage,
  publishToUser,
} from './handover-events';
import { handoverRecording } from './handover-privacy';

/**
 * The agent inbox (issue 13): the handed-over conversations of the bots whose permission 60 the
 * caller holds, across the selected tenant. An agent takes a waiting conversation (one of two
 * agents clicking at once wins), chats with the user through the user's own channel, and hands
 * it back to the bot. Every change and message reaches every inbox following the bot, and the
 * user, on any process.
 */

/** GET /api/handover/bots: the bots the caller answers for (the shell shows the inbox when there are any). */
export async function handoverBots(principal: Principal): Promise<HandoverBotsView> {
  return { bots: (await botsAnswered(principal)).map(handoverBotView) };
}

/** GET /api/handover/inbox: the waiting conversations, oldest first, and the caller's own. */
export async function handoverInbox(principal: Principal): Promise<HandoverInboxView> {
  const bots = await botsAnswered(principal);
  const botIds = bots.map((bot) => bot.id);
  const handovers = principal.scope.handovers;
  const [waiting, mine] = await Promise.all([
    handovers.list({ botIds, status: 'queued' }),
    handovers.list({ botIds, status: 'active', agentId: principal.user.id }),
  ]);
  const byId = new Map(bots.map((bot) => [bot.id, bot]));
  return { waiting: await viewsOf(principal, byId, waiting), mine: await viewsOf(principal, byId, mine) };
}

async function viewsOf(
  principal: Principal,
  bots: Map<string, Bot>,
  records: readonly HandoverRecord[],
): Promise<HandoverView[]> {
  const views: HandoverView[] = [];
  const byBot = new Map<string, HandoverRecord[]>();
  for (const record of records) byBot.set(record.botId, [...(byBot.get(record.botId) ?? []), record]);
  for (const [botId, ofBot] of byBot) {
    const bot = bots.get(botId);
    if (!bot) continue;
    const conversations = principal.scope.conversations(botId);
    const last = await principal.scope.handovers.lastUserActivities(
      botId,
      ofBot.map((r) => r.conversationId),
    );
    for (const record of ofBot) {
      const conversation = await conversations.get(record.conversationId);
      if (conversation)
        views.push(handoverViewOf(record, bot, conversation, last.get(record.conversationId)));
    }
  }
  return views.sort(
    (a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.handoverId.localeCompare(b.handoverId),
  );
}

interface HandedOver {
  bot: Bot;
  conversation: ConversationRecord;
  /** The conversation's latest handover (the open one, if any). */
  handover: HandoverRecord;
}

/**
 * The conversation of an inbox path with its latest handover, for a caller who answers its bot.
 * A conversation never handed over, or of a bot the caller does not see, is as unknown as one
 * that never existed (404); a bot the caller sees but does not answer for is a 403.
 */
async function handedOver(principal: Principal, conversationId: string): Promise<HandedOver> {
  const unknown = notFound(M.notFound);
  if (conversationId.length > HANDOVER_CONVERSATION_ID_MAX_LENGTH) throw unknown;
  const handover = await principal.scope.handovers.latestOf(conversationId);
  if (!handover) throw unknown;
  if (!(await mayAnswerHandovers(principal, handover.botId))) {
    if (await maySeeBot(principal, handover.botId)) throw permissionDenied(Permission.AnswerHandovers);
    throw unknown;
  }
  const bot = await principal.scope.bots.getById(handover.botId);
  const conversation = bot && (await principal.scope.conversations(bot.id).get(conversationId));
  if (!bot || !conversation) throw unknown;
  return { bot, conversation, handover };
}

async function viewOf(
  principal: Principal,
  { bot, conversation, handover }: HandedOver,
): Promise<HandoverView> {
  const last = await principal.scope.handovers.lastUserActivities(bot.id, [conversation.id]);
  return handoverViewOf(handover, bot, conversation, last.get(conversation.id));
}

/** GET /api/handover/conversations/{conversationId}: the handover and everything said, oldest first. */
export async function handoverConversation(
  principal: Principal,
  conversationId: string,
): Promise<HandoverConversationView> {
  const found = await handedOver(principal, conversationId);
  const turns = await principal.scope.handovers.turnsOf(found.bot.id, conversationId);
  const said = turns.filter((turn) => {
    const activity = turn.activity as { type?: unknown; name?: unknown } | null;
    // The bot's own timers are no messages.
    return !(
      turn.direction === 'in' &&
      activity?.type === 'event' &&
      typeof activity.name === 'string' &&
      activity.name.startsWith(RESERVED_EVENT_PREFIX)
    );
  });
  return { handover: await viewOf(principal, found), messages: said.map(messageViewOf) };
}

/**
 * POST /api/handover/conversations/{conversationId}/take: the caller takes a waiting conversation.
 * The UPDATE only changes a row still queued, so of two agents (on any processes) one wins; the
 * other gets 409. The user hears the chat start message.
 */
export async function takeHandover(
  ctx: AppContext,
  principal: Principal,
  conversationId: string,
): Promise<HandoverView> {
  const found = await handedOver(principal, conversationId);
  const { bot, conversation, handover } = found;
  if (handover.status === 'active' && handover.agentId === principal.user.id) return viewOf(principal, found);
  if (handover.status === 'active') throw conflict(M.alreadyTaken);
  if (handover.status !== 'queued') throw conflict(M.notWaiting);
  if (!(await principal.scope.handovers.take(handover.id, principal.user.id))) {
    const now = await principal.scope.handovers.openOf(conversationId);
    throw conflict(now?.status === 'active' ? M.alreadyTaken : M.notWaiting);
  }
  const taken = (await principal.scope.handovers.latestOf(conversationId)) as HandoverRecord;
  await sayAsBotSide(ctx, principal, bot, conversation, handoverSettingsOf(bot).chatStartMessage, null);
  const view = await viewOf(principal, { ...found, handover: taken });
  await publishHandoverChanged(ctx, view);
  return view;
}

/**
 * POST /api/handover/conversations/{conversationId}/messages: what the agent who has the
 * conversation says; logged as the bot side's turn, marked with the agent, delivered to the user.
 */
export async function sayToUser(
  ctx: AppContext,
  principal: Principal,
  conversationId: string,
  text: string,
): Promise<HandoverMessageView> {
  const { bot, conversation, handover } = await handedOver(principal, conversationId);
  if (handover.status === 'ended') throw conflict(M.ended);
  if (handover.status !== 'active' || handover.agentId !== principal.user.id) throw conflict(M.notYours);
  return sayAsBotSide(ctx, principal, bot, conversation, text, principal.user.id);
}

/**
 * POST /api/handover/conversations/{conversationId}/hand-back: the conversation goes back to the
 * bot (the agent who has it, or any agent while it still waits); the user hears the chat end
 * message, and the bot answers their next message.
 */
export async function handBack(
  ctx: AppContext,
  principal: Principal,
  conversationId: string,
): Promise<HandoverView> {
  const found = await handedOver(principal, conversationId);
  const { bot, conversation, handover } = found;
  if (handover.status === 'ended') throw conflict(M.ended);
  if (handover.status === 'active' && handover.agentId !== principal.user.id) throw conflict(M.notYours);
  const seen = { status: handover.status, agentId: handover.agentId };
  if (!(await principal.scope.handovers.end(handover.id, seen))) throw conflict(M.notWaiting);
  const ended = (await principal.scope.handovers.latestOf(conversationId)) as HandoverRecord;
  await sayAsBotSide(ctx, principal, bot, conversation, handoverSettingsOf(bot).chatEndMessage, null);
  const view = await viewOf(principal, { ...found, handover: ended });
  await publishHandoverChanged(ctx, view);
  return view;
}

/**
 * A message of the bot side outside the user's turns: logged (one at a time with the
 * conversation's other turns on this process; the turn numbering settles it across processes),
 * sent to the user on their channel and to the inbox.
 */
async function sayAsBotSide(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  conversation: ConversationRecord,
  text: string,
  agentId: string | null,
): Promise<HandoverMessageView> {
  const activity = { type: 'text' as const, text };
  const recording = await handoverRecording(principal.scope, bot, conversation.userKey);
  const turn = await oneAtATime(conversation.id, () =>
    principal.scope.handovers.appendTurn(bot.id, conversation.id, {
      direction: 'out',
      activity: recording.logged(activity),
      agentId,
    }),
  );
  await publishToUser(ctx, bot, conversation, [activity]);
  const shown = { ...turn, activity: recording.shown(activity) };
  await publishHandoverMessage(ctx, bot.id, conversation.id, shown);
  return messageViewOf(shown);
}
