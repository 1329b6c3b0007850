import type {
  HandoverMessageView,
  HandoverReason,
  HandoverView,
  OutboundActivity,
  TopicOf,
} from '@parley/contracts';
import type { Bot, ConversationRecord, HandoverRecord, HandoverTurnRecord } from '@parley/db';
import { emptyTrace } from '@parley/runtime';
import type { AppContext } from '../../context';
import { deliverOutOfTurn } from '../channels/messaging/outbound-delivery';
import { publishTurn } from '../conversations/turn-details';
import { publishTopicEvent } from '../realtime/topic-events';

export const inboxTopicOf = (botId: string): TopicOf<'handover-inbox'> => ({ kind: 'handover-inbox', botId });

export const conversationTopicOf = (botId: string, conversationId: string): TopicOf<'conversation'> => ({
  kind: 'conversation',
  botId,
  conversationId,
});

/** A message as one line of text: buttons and cards as their texts, files by name. */
export function textOfMessage(activity: unknown): string {
  const a = (activity ?? {}) as {
    type?: string;
    text?: string;
    name?: string;
    options?: string[];
    files?: Array<{ name?: string }>;
  };
  if (a.type === 'options' && a.options) return `${a.text ?? ''} [${a.options.join(' | ')}]`;
  if (a.type === 'attachment' && a.files)
    return [a.text, ...a.files.map((f) => f.name)].filter(Boolean).join(' ');
  if (a.type === 'event') return `(${a.name ?? 'event'})`;
  return a.text ?? a.name ?? a.type ?? '';
}

export function handoverViewOf(
  handover: HandoverRecord,
  bot: Bot,
  conversation: Pick<ConversationRecord, 'channel' | 'userKey'>,
  lastUserActivity: unknown,
): HandoverView {
  return {
    handoverId: handover.id,
    conversationId: handover.conversationId,
    botId: bot.id,
    botName: bot.botName,
    botDisplayName: bot.displayName,
    channel: conversation.channel,
    userKey: conversation.userKey,
    status: handover.status,
    reason: handover.reason as HandoverReason,
    agentId: handover.agentId,
    queuedAt: handover.queuedAt,
    takenAt: handover.takenAt,
    endedAt: handover.endedAt,
    lastUserText:
      lastUserActivity === undefined || lastUserActivity === null ? null : textOfMessage(lastUserActivity),
  };
}

export const messageViewOf = (turn: HandoverTurnRecord): HandoverMessageView => ({
  turnId: turn.id,
  at: turn.at,
  from: turn.direction === 'in' ? 'user' : turn.agentId ? 'agent' : 'bot',
  agentId: turn.agentId,
  text: textOfMessage(turn.activity),
});

/** A handover waits, was taken or went back: every inbox following the bot hears it, on any process. */
export async function publishHandoverChanged(ctx: AppContext, handover: HandoverView): Promise<void> {
  await publishTopicEvent(ctx.shared.pubsub, {
    type: 'handover:changed',
    topic: inboxTopicOf(handover.botId),
    handover,
  });
}

/** A message of a handed-over conversation, to every inbox following the bot. */
export async function publishHandoverMessage(
  ctx: AppContext,
  botId: string,
  conversationId: string,
  turn: HandoverTurnRecord,
): Promise<void> {
  await publishTopicEvent(ctx.shared.pubsub, {
    type: 'handover:message',
    topic: inboxTopicOf(botId),
    conversationId,
    message: messageViewOf(turn),
  });
}

/**
 * What the bot side says to the user outside a turn of theirs (an agent's message, the chat start
 * and end messages): a conversation:turn with no `said` on the conversation's topic, which every
 * channel (test chat, chat bubble, Direct Line) follows on every process.
 */
export async function publishToUser(
  ctx: AppContext,
  bot: Bot,
  conversation: ConversationRecord,
  activities: OutboundActivity[],
): Promise<void> {
  await publishTurn(ctx, bot, conversationTopicOf(bot.id, conversation.id), {
    conversationId: conversation.id,
    activities,
    trace: emptyTrace(),
    state: conversation.state,
  });
  // Messaging platforms follow no topic: the agent's words are sent to them.
  await deliverOutOfTurn(ctx, bot, conversation, activities);
}
