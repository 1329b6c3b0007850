import { type HandoverReason, type HandoverSettings, isWithinOpeningHours } from '@parley/contracts';
import { type ConfidenceThresholds, type OutboundActivity, recognitionDecision } from '@parley/runtime';

/**
 * When a conversation moves to a person (spec 04 section 3.8), as pure decisions the turn
 * service applies.
 */

/** The intent some recognizers answer for 'nothing matched'. */
const NONE_INTENT = 'None';

/** A user's message the recognizer looked at, as a turn's trace or the turns log has it. */
export interface SeenRecognition {
  intent: string | null;
  /** Null when the message ran no recognition (an answer to a waiting block, a message to an agent). */
  score: number | null;
}

/**
 * Whether the bot did not understand a message: the recognizer ran and acted on no intent (none,
 * 'None', or one under the high threshold: the bot then says its below- or between-threshold
 * message, so to the user it did not understand). A message that ran no recognition was
 * understood as an answer.
 */
export function isUnrecognized(seen: SeenRecognition, thresholds: ConfidenceThresholds): boolean {
  if (seen.score === null) return false;
  if (seen.intent === null || seen.intent === NONE_INTENT) return true;
  return recognitionDecision({ intent: seen.intent, score: seen.score }, thresholds) !== 'answer';
}

/** How many messages in a row, newest first, the bot did not understand. */
export function unrecognizedStreak(
  newestFirst: readonly SeenRecognition[],
  thresholds: ConfidenceThresholds,
) {
  let streak = 0;
  for (const seen of newestFirst) {
    if (!isUnrecognized(seen, thresholds)) break;
    streak++;
  }
  return streak;
}

/** Whether a flow's Handover block fired in the turn (the runtime's outbound event). */
export const firesHandoverBlock = (activities: readonly OutboundActivity[]): boolean =>
  activities.some((a) => a.type === 'event' && a.name === 'handover');

/**
 * Why the turn hands the conversation to a person, if it does: its Handover block, the
 * unrecognised-intent limit reached, or the negative-sentiment limit reached by this message
 * (each limit again after every further `limit` messages, so a user who goes on unheard outside
 * opening hours hears the not-available message again, not on every message).
 */
export function handoverReason(
  settings: Pick<HandoverSettings, 'isActive' | 'unrecognizedIntentLimit' | 'negativeSentimentLimit'>,
  turn: {
    activities: readonly OutboundActivity[];
    streak: number;
    /** The conversation's negative messages with this one; 0 when this one is not negative. */
    negatives?: number;
  },
): HandoverReason | undefined {
  if (!settings.isActive) return undefined;
  if (firesHandoverBlock(turn.activities)) return 'handoverBlock';
  const reached = (limit: number | null, count: number) => limit !== null && count > 0 && count % limit === 0;
  if (reached(settings.unrecognizedIntentLimit, turn.streak)) return 'unrecognizedIntent';
  if (reached(settings.negativeSentimentLimit, turn.negatives ?? 0)) return 'negativeSentiment';
  return undefined;
}

/** Inside opening hours the conversation waits for an agent; outside, the bot says so and goes on. */
export function handoverEntry(
  settings: Pick<HandoverSettings, 'openingTime' | 'closingTime' | 'timeZone'>,
  at: Date,
): 'queue' | 'notAvailable' {
  return isWithinOpeningHours(settings, at) ? 'queue' : 'notAvailable';
}
