import {
  type ChatMessageView,
  CONVERSATION_LOG_MAX_LISTED,
  type ConversationLogView,
  type ConversationSummaryView,
  type InboundActivity,
  notFound,
  type OutboundActivity,
  RESERVED_EVENT_PREFIX,
} from '@parley/contracts';
import type { ConversationRecord, TurnRecord } from '@parley/db';
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

/** GET /api/bots/{bot}/conversations?hours=N: the conversations active in the last N hours, newest first. */
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
    .list({ activeSince: since, limit: CONVERSATION_LOG_MAX_LISTED });
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

/** The turns as chat messages: each sent message carries when the user message before it came in. */
export function chatMessagesOf(
  conversation: ConversationRecord,
  turns: readonly TurnRecord[],
): ChatMessageView[] {
  let received: string | null = null;
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
