import type { NluDecision } from '@parley/contracts';
import type { Recognition } from './runtime-services';

/** A bot's two confidence thresholds (spec 04 section 3). */
export interface ConfidenceThresholds {
  /** At or above it, the intent's flow starts. */
  confidence: number;
  /** Under it, the bot says it did not understand; between the two, it asks. */
  lowConfidence: number;
}

/**
 * What a turn does with a recognition: start the intent's flow ('answer'), say the between-
 * threshold message, or say the below-threshold one (no intent, or too unsure). The one place
 * the thresholds are read: the runtime, the predict route and the NLU performance test share it.
 */
export function recognitionDecision(
  recognition: Pick<Recognition, 'intent' | 'score'>,
  thresholds: ConfidenceThresholds,
): NluDecision {
  if (recognition.intent === null || recognition.score < thresholds.lowConfidence) return 'belowThreshold';
  if (recognition.score < thresholds.confidence) return 'betweenThresholds';
  return 'answer';
}

/** The intent a turn acts on (its flow starts), or null when the bot would not act on any. */
export function understoodIntent(
  recognition: Pick<Recognition, 'intent' | 'score'>,
  thresholds: ConfidenceThresholds,
): string | null {
  return recognitionDecision(recognition, thresholds) === 'answer' ? recognition.intent : null;
}
