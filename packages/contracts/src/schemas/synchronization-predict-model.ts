/** POST /api/{bot}/nlu/predict without zod (the prediction API until the test chat exists). */

export const NLU_MODEL_KINDS = ['published', 'draft'] as const;
export type NluModelKindName = (typeof NLU_MODEL_KINDS)[number];

/** 'answer' at or above the bot's confidence, 'betweenThresholds' down to lowConfidence, else 'belowThreshold'. */
export type NluDecision = 'answer' | 'betweenThresholds' | 'belowThreshold';

export interface NluPredictionView {
  topIntent: string;
  confidence: number;
  intents: Array<{ intent: string; score: number }>;
  entities: Array<{
    entity: string;
    role?: string;
    start: number;
    end: number;
    text: string;
    value: unknown;
  }>;
  sentiment: { label: 'positive' | 'neutral' | 'negative'; score: number };
  decision: NluDecision;
}
