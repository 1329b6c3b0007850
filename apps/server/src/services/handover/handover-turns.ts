import {
  type InboundActivity,
  type OutboundActivity,
  RESERVED_EVENT_PREFIX,
  readBotSettings,
} from '@parley/contracts';
import type { Bot, ConversationRecord, TenantScope } from '@parley/db';
import { emptyTrace, type TurnTrace } from '@parley/runtime';
import type { AppContext } from '../../context';
import type { TurnAnswer } from '../conversations/conversation-turns.service';
import { gdprSettingsOf, handoverSettingsOf } from '../features/feature-settings.service';
import { isRemovalRequest } from '../gdpr/turn-privacy';
import { handoverViewOf, publishHandoverChanged, publishHandoverMessage } from './handover-events';
import { handoverRecording } from './handover-privacy';
import { handoverEntry, handoverReason, type SeenRecognition, unrecognizedStreak } from './handover-rules';

/**
 * The conversation's side of human handover (issue 13, spec 04 section 3.8), called from
 * conversation-turns.service.ts at two points of a turn: before the runtime (a conversation with
 * a person does not reach the bot) and after it (the turn may hand the conversation over).
 */

/** Previous user messages read to count the bot's misses in a row (the limit is at most 100). */
const STREAK_LOOKBACK = 200;

/**
 * A user's message while the conversation waits for or talks with an agent: logged as the user's
 * turn and delivered to the inbox; the bot does not run. Undefined when no person has the
 * conversation (the bot answers), and for a request to remove the user's data, which ends the
 * person's chat and goes on as on any turn. The bot's own timers (a delay's end, the idle text)
 * are dropped meanwhile: the person answers now.
 */
export async function handoverTurn(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  conversation: ConversationRecord,
  activity: InboundActivity,
): Promise<TurnAnswer | undefined> {
  const handover = await scope.handovers.openOf(conversation.id);
  if (!handover) return undefined;
  if (isRemovalRequest(gdprSettingsOf(bot), activity)) {
    // The user's right to have their data removed (GDPR) is the bot's to honour: the person's
    // chat ends, and the removal runs as on any turn.
    if (await scope.handovers.end(handover.id, { status: handover.status, agentId: handover.agentId })) {
      const ended = await scope.handovers.latestOf(conversation.id);
      if (ended) await publishHandoverChanged(ctx, handoverViewOf(ended, bot, conversation, null));
    }
    return undefined;
  }
  const answer: TurnAnswer = {
    conversationId: conversation.id,
    activities: [],
    trace: emptyTrace(),
    state: conversation.state,
  };
  const isOwnTimer = activity.type === 'event' && activity.name.startsWith(RESERVED_EVENT_PREFIX);
  const isBlank = activity.type === 'text' && activity.text.trim() === '';
  if (isOwnTimer || isBlank) return answer;
  const recording = await handoverRecording(scope, bot, conversation.userKey);
  const turn = await scope.handovers.appendTurn(bot.id, conversation.id, {
    direction: 'in',
    activity: recording.logged(activity),
  });
  await publishHandoverMessage(ctx, bot.id, conversation.id, {
    ...turn,
    activity: recording.shown(activity),
  });
  return { ...answer, userSeq: turn.seq };
}

/**
 * After the bot answered a user's message (its state stored, its turns not yet logged): when
 * handover is on and the turn's Handover block fired or the bot missed the user
 * `unrecognizedIntentLimit` times in a row, the conversation enters the queue inside opening
 * hours (the user hears the queue message) or, outside them, the user hears the not-available
 * message and the bot goes on. Answers what to add to the turn's activities.
 */
export async function afterBotAnswer(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
  conversation: ConversationRecord,
  activity: InboundActivity,
  answer: { activities: readonly OutboundActivity[]; trace: TurnTrace; sentiment?: number | null },
  now: Date = new Date(),
): Promise<OutboundActivity[]> {
  const settings = handoverSettingsOf(bot);
  if (!settings.isActive) return [];
  const streak = await streakAfter(scope, bot, conversation, answer.trace, settings.unrecognizedIntentLimit);
  // A negative message counts with the conversation's earlier ones (this one is not logged yet).
  const isNegative = settings.negativeSentimentLimit !== null && (answer.sentiment ?? 0) < 0;
  const negatives = isNegative ? 1 + (await scope.handovers.negativeMessages(bot.id, conversation.id)) : 0;
  const reason = handoverReason(settings, { activities: answer.activities, streak, negatives });
  if (!reason) return [];
  if (handoverEntry(settings, now) === 'notAvailable')
    return [{ type: 'text', text: settings.notAvailableMessage }];
  const handover = await scope.handovers.queue({ botId: bot.id, conversationId: conversation.id, reason });
  // Already queued (a turn of another process got there first): the user heard the message then.
  if (!handover) return [];
  await publishHandoverChanged(ctx, handoverViewOf(handover, bot, conversation, activity));
  return [{ type: 'text', text: settings.queueEnterMessage }];
}

/** The bot's misses in a row with this turn's, when a limit is set (no database read otherwise). */
async function streakAfter(
  scope: TenantScope,
  bot: Bot,
  conversation: ConversationRecord,
  trace: TurnTrace,
  limit: number | null,
): Promise<number> {
  if (limit === null) return 0;
  const { confidence, lowConfidence } = readBotSettings(bot.settings);
  const thresholds = { confidence, lowConfidence };
  const current: SeenRecognition = trace.recognition
    ? { intent: trace.recognition.intent, score: trace.recognition.score }
    : { intent: null, score: null };
  // Nothing to count back from an understood message.
  if (unrecognizedStreak([current], thresholds) === 0) return 0;
  const previous = await scope.handovers.recentRecognitions(bot.id, conversation.id, STREAK_LOOKBACK);
  return unrecognizedStreak(
    [current, ...previous.map((p) => ({ intent: p.intent, score: p.confidence }))],
    thresholds,
  );
}
