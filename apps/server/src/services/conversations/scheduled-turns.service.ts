import {
  type BotSettings,
  IDLE_ACTIVITY,
  INACTIVITY_ACTIVITY,
  type InboundActivity,
  RESUME_ACTIVITY,
} from '@parley/contracts';
import type { Bot, ConversationRecord } from '@parley/db';
import type { AppContext } from '../../context';
import type { JobPayloads } from '../../jobs/job-payloads';
import { deliverOutOfTurn } from '../channels/messaging/outbound-delivery';
import { type ConversationOrigin, takeTurnIf } from './conversation-turns.service';
import { channelOf } from './test-channels';
import { publishTurn } from './turn-details';

/**
 * Turns the bot takes on its own, later: the end of a Delay block's wait, the idle text after
 * the user stayed silent, and an LLM block's Inactivity exit. No process sleeps: the turn that leads to one schedules a job, which
 * takes it on whichever process runs jobs, unless the conversation moved on meanwhile.
 */
export const SCHEDULED_TURN_ACTIVITIES = {
  resume: RESUME_ACTIVITY,
  idle: IDLE_ACTIVITY,
  inactivity: INACTIVITY_ACTIVITY,
} as const;
export type ScheduledTurnKind = keyof typeof SCHEDULED_TURN_ACTIVITIES;

export type ScheduledTurnPayload = JobPayloads['conversation.scheduled-turn'];

/**
 * The turn a turn's answer calls for later, if any: a delay's end, an LLM block's inactivity
 * (which takes the place of the idle text: a reminder after a few seconds would cut a talk short
 * of its inactivity), else the idle text while the bot waits.
 */
export function scheduledTurnAfter(
  settings: BotSettings,
  activity: InboundActivity,
  answer: { resumeAfterMs?: number; inactivityAfterMs?: number; state: Record<string, unknown> },
): { kind: ScheduledTurnKind; delayMs: number } | undefined {
  if (answer.resumeAfterMs !== undefined) return { kind: 'resume', delayMs: answer.resumeAfterMs };
  if (answer.inactivityAfterMs !== undefined)
    return { kind: 'inactivity', delayMs: answer.inactivityAfterMs };
  const isWaiting = typeof answer.state.waiting === 'object' && answer.state.waiting !== null;
  // Once per wait: the idle turn itself schedules no other.
  const isIdleTurn = activity.type === 'event' && activity.name === IDLE_ACTIVITY.name;
  if (isWaiting && !isIdleTurn && settings.idleText.trim() !== '') {
    return { kind: 'idle', delayMs: Math.round(settings.idleTimeout * 1000) };
  }
  return undefined;
}

export async function scheduleTurn(
  ctx: AppContext,
  bot: Bot,
  conversationId: string,
  atTurn: number,
  next: { kind: ScheduledTurnKind; delayMs: number },
): Promise<void> {
  await ctx.jobs.enqueue(
    'conversation.scheduled-turn',
    { tenantId: bot.tenantId, botId: bot.id, conversationId, kind: next.kind, atTurn },
    { delayMs: next.delayMs, jobId: `turn:${conversationId}:${atTurn}` },
  );
}

/** The job: the scheduled turn, if the conversation is still where it was; its answers go to whoever follows it. */
export async function takeScheduledTurn(ctx: AppContext, payload: ScheduledTurnPayload): Promise<void> {
  const scope = ctx.repos.forTenant(payload.tenantId);
  const bot = await scope.bots.getById(payload.botId);
  const conversation = bot && (await scope.conversations(bot.id).get(payload.conversationId));
  if (!bot || !conversation || conversation.turnCount !== payload.atTurn) return;
  const answer = await takeTurnIf(
    ctx,
    scope,
    bot,
    conversation.id,
    originOf(conversation),
    SCHEDULED_TURN_ACTIVITIES[payload.kind],
    { atTurn: payload.atTurn },
  );
  if (!answer) return;
  await publishTurn(
    ctx,
    bot,
    { kind: 'conversation', botId: bot.id, conversationId: conversation.id },
    answer,
  );
  // Messaging platforms follow no topic: the bot's later words are sent to them.
  await deliverOutOfTurn(ctx, bot, conversation, answer.activities);
}

/** Where a stored conversation takes place: test conversations run the flows activated to test. */
function originOf(conversation: ConversationRecord): ConversationOrigin {
  return {
    channel: channelOf(conversation.channel),
    userKey: conversation.userKey,
    isTest: conversation.isTest,
    target: conversation.isTest ? 'test' : 'production',
  };
}
