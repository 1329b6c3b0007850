import {
  type ChatMessageView,
  CONVERSATION_LOG_LATEST_DEFAULT_HOURS,
  CONVERSATION_LOG_MAX_LISTED,
  CONVERSATION_LOG_MAX_MESSAGES,
  type ConversationLogView,
  type ConversationSummaryView,
  type InboundActivity,
  notFound,
  type OutboundActivity,
  RESERVED_EVENT_PREFIX,
} from '@parley/contracts';
import type { ConversationRecord, ConversationRepository, TurnRecord } from '@parley/db';
import type { Principal } from '../../auth/principal';
import { botNamed } from '../bots/bot-access.service';

const summaryOf = (c: ConversationRecord): ConversationSummaryView => ({
  conversationId: c.id,
  user: c.userKey,
  channel: c.channel,
  isTest: c.isTest,
  isAnalyticsDisabled: c.isAnalyticsDisabled,
  startedAt: c.startedAt,
  lastActivityAt: c.lastActivityAt,
});

/**
 * GET /api/bots/{bot}/conversations?hours=N: the conversations active in the last N hours, newest
 * first; not those with nothing said yet (opening the test chat starts one).
 */
export async function listConversations(
  principal: Principal,
  botName: string,
  hours: number,
  now = Date.now(),
): Promise<ConversationSummaryView[]> {
  const bot = await botNamed(principal, botName);
  const since = new Date(now - hours * 3_600_000).toISOString();
  const listed = await principal.scope
    .conversations(bot.id)
    .list({ activeSince: since, limit: CONVERSATION_LOG_MAX_LISTED, isLogged: true });
  return listed.map(summaryOf);
}

/** A turn someone said something in; not one the bot took on its own (a delay that ended, silence). */
export const isMessageTurn = (turn: TurnRecord) => {
  const activity = turn.activity as { type?: unknown; name?: unknown };
  return !(
    turn.direction === 'in' &&
    activity.type === 'event' &&
    typeof activity.name === 'string' &&
    activity.name.startsWith(RESERVED_EVENT_PREFIX)
  );
};

/**
 * The turns as chat messages: each sent message carries when the user message before it came in
 * (`receivedBefore`: the one before the first of `turns`, when they do not start the conversation).
 */
export function chatMessagesOf(
  conversation: ConversationRecord,
  turns: readonly TurnRecord[],
  receivedBefore: string | null = null,
): ChatMessageView[] {
  let received: string | null = receivedBefore;
  return turns.filter(isMessageTurn).map((turn) => {
    if (turn.direction === 'in') received = turn.at;
    return {
      conversationId: conversation.id,
      timestamp: turn.at,
      user: conversation.userKey,
      type: turn.direction === 'in' ? 'received' : 'sent',
      message: turn.activity as InboundActivity | OutboundActivity,
      ...(turn.agentId ? { agentId: turn.agentId } : {}),
      statistics: {
        messageFirstReceived: received,
        messageTextSent: turn.direction === 'out' ? turn.at : null,
        messageSpeechSent: null,
      },
    };
  });
}

/** GET /api/bots/{bot}/conversations/{id}: one conversation with all its messages. */
export async function conversationLog(
  principal: Principal,
  botName: string,
  conversationId: string,
): Promise<ConversationLogView> {
  const bot = await botNamed(principal, botName);
  const conversations = principal.scope.conversations(bot.id);
  const conversation = await conversations.get(conversationId);
  if (!conversation) throw notFound(`There is no conversation ${conversationId.slice(0, 100)} of this bot.`);
  return {
    ...summaryOf(conversation),
    messages: chatMessagesOf(conversation, await conversations.turnsOf(conversationId)),
  };
}

/** How far back a sent message's user message is looked for when the messages read start after it. */
const RECEIVED_LOOKBACK_ROWS = 20;

/** When the last user message before `seq` came in, or null when there is none close before it. */
async function receivedBefore(
  conversations: ConversationRepository,
  conversationId: string,
  seq: number,
): Promise<string | null> {
  const before = await conversations.turnsBetweenSeqs(
    conversationId,
    Math.max(1, seq - RECEIVED_LOOKBACK_ROWS),
    seq,
  );
  return before.filter((turn) => turn.direction === 'in' && isMessageTurn(turn)).at(-1)?.at ?? null;
}

/**
 * Logged turns of any of the bot's conversations as chat messages, in the order they were said;
 * a sent message whose user message came before the turns read still carries its time.
 */
async function messagesOfTurns(
  conversations: ConversationRepository,
  turns: readonly TurnRecord[],
): Promise<ChatMessageView[]> {
  const byConversation = new Map<string, TurnRecord[]>();
  for (const turn of turns.filter(isMessageTurn)) {
    const ofConversation = byConversation.get(turn.conversationId);
    if (ofConversation) ofConversation.push(turn);
    else byConversation.set(turn.conversationId, [turn]);
  }
  const records = await conversations.getMany([...byConversation.keys()]);
  const messages: Array<{ message: ChatMessageView; seq: number }> = [];
  for (const conversation of records) {
    const ofConversation = (byConversation.get(conversation.id) ?? []).sort((a, b) => a.seq - b.seq);
    const first = ofConversation[0];
    if (!first) continue;
    const received =
      first.direction === 'out' ? await receivedBefore(conversations, conversation.id, first.seq) : null;
    const views = chatMessagesOf(conversation, ofConversation, received);
    views.forEach((message, index) => {
      messages.push({ message, seq: ofConversation[index]?.seq ?? 0 });
    });
  }
  return messages
    .sort(
      (a, b) =>
        a.message.timestamp.localeCompare(b.message.timestamp) ||
        a.message.conversationId.localeCompare(b.message.conversationId) ||
        a.seq - b.seq,
    )
    .map(({ message }) => message);
}

/**
 * GET /api/bots/{bot}/conversation/log?hours=N[&conversationId=]: the chat history (spec 02
 * section 7): every message of the last N hours, of all conversations or of one, oldest first;
 * the newest CONVERSATION_LOG_MAX_MESSAGES when there are more.
 */
export async function chatHistory(
  principal: Principal,
  botName: string,
  query: { hours: number; conversationId?: string | undefined },
  now = Date.now(),
): Promise<ChatMessageView[]> {
  const bot = await botNamed(principal, botName);
  const conversations = principal.scope.conversations(bot.id);
  const since = new Date(now - query.hours * 3_600_000).toISOString();
  const turns = await conversations.turnsSince(since, {
    ...(query.conversationId !== undefined ? { conversationId: query.conversationId } : {}),
    limit: CONVERSATION_LOG_MAX_MESSAGES,
  });
  return messagesOfTurns(conversations, turns);
}

/**
 * GET /api/bots/{bot}/conversation/log/latest?since=[&conversationId=]: the recent chat history
 * (spec 02 section 7): the messages said after `since` (the newest a client already has; the last
 * 2 hours when not given), oldest first, at most CONVERSATION_LOG_MAX_MESSAGES (the newest).
 * What the conversation log polls.
 */
export async function latestMessages(
  principal: Principal,
  botName: string,
  query: { since?: string | undefined; conversationId?: string | undefined },
  now = Date.now(),
): Promise<ChatMessageView[]> {
  const since =
    query.since === undefined
      ? new Date(now - CONVERSATION_LOG_LATEST_DEFAULT_HOURS * 3_600_000).toISOString()
      : new Date(query.since).toISOString();
  const bot = await botNamed(principal, botName);
  const conversations = principal.scope.conversations(bot.id);
  const turns = await conversations.turnsSince(since, {
    ...(query.conversationId !== undefined ? { conversationId: query.conversationId } : {}),
    limit: CONVERSATION_LOG_MAX_MESSAGES,
  });
  return messagesOfTurns(conversations, turns);
}
