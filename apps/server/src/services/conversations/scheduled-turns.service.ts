import { RESUME_ACTIVITY } from '@parley/contracts';
import type { Bot, ConversationRecord } from '@parley/db';
import type { AppContext } from '../../context';
import { publishTopicEvent } from '../realtime/topic-events';
import { type ConversationOrigin, takeTurnIf } from './conversation-turns.service';
import { turnDetailsOf } from './turn-details';

/** What a scheduled resume knows: the conversation and the turn after which it waits. */
export interface ResumePayload {
  tenantId: string;
  botId: string;
  conversationId: string;
  /** The conversation's turn count when the Delay block started waiting. */
  atTurn: number;
}

/**
 * A Delay block waits without a process sleeping: the turn that reached it schedules this job,
 * which takes the resuming turn when the time is up, on whichever process runs jobs.
 */
export async function scheduleResume(
  ctx: AppContext,
  bot: Bot,
  conversationId: string,
  atTurn: number,
  delayMs: number,
): Promise<void> {
  await ctx.jobs.enqueue(
    'conversation.resume',
    { tenantId: bot.tenantId, botId: bot.id, conversationId, atTurn },
    { delayMs, jobId: `resume:${conversationId}:${atTurn}` },
  );
}

/**
 * The job: the flow goes on after the delay, unless the conversation moved on meanwhile (the
 * user wrote, which ended the wait early). Its answers go to whoever follows the conversation.
 */
export async function resumeConversation(ctx: AppContext, payload: ResumePayload): Promise<void> {
  const scope = ctx.repos.forTenant(payload.tenantId);
  const bot = await scope.bots.getById(payload.botId);
  const conversation = bot && (await scope.conversations(bot.id).get(payload.conversationId));
  if (!bot || !conversation || conversation.turnCount !== payload.atTurn) return;
  const answer = await takeTurnIf(ctx, scope, bot, conversation.id, originOf(conversation), RESUME_ACTIVITY, {
    atTurn: payload.atTurn,
  });
  if (!answer) return;
  await publishTopicEvent(ctx.shared.pubsub, {
    type: 'conversation:turn',
    topic: { kind: 'conversation', botId: bot.id, conversationId: conversation.id },
    activities: answer.activities,
    details: turnDetailsOf(answer.trace, answer.state),
  });
}

/** Where a stored conversation takes place: test conversations run the flows activated to test. */
function originOf(conversation: ConversationRecord): ConversationOrigin {
  return {
    channel: { id: conversation.channel, name: conversation.channel },
    userKey: conversation.userKey,
    isTest: conversation.isTest,
    target: conversation.isTest ? 'test' : 'production',
  };
}
