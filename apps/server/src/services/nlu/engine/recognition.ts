import { type NluPrediction, NONE } from '@parley/nlu';
import { type ConfidenceThresholds, type Recognition, understoodIntent } from '@parley/runtime';

type Answer = Pick<NluPrediction, 'topIntent' | 'confidence'>;

/** An engine's answer as the runtime reads it: the engine's None is no intent. */
export function recognitionOf(prediction: Answer): Pick<Recognition, 'intent' | 'score'> {
  return {
    intent: prediction.topIntent === NONE ? null : prediction.topIntent,
    score: prediction.confidence,
  };
}

/**
 * The intent a conversation would act on for an engine's answer under the bot's thresholds
 * (the runtime's rule), or None when the bot would not start any intent's flow.
 */
export function understoodAs(prediction: Answer, thresholds: ConfidenceThresholds): string {
  return understoodIntent(recognitionOf(prediction), thresholds) ?? NONE;
}
