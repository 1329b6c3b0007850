import type { IntentScoreRow, NluDatasetRowView, RecognizerResult } from '@parley/contracts';
import type { NluPrediction } from '@parley/nlu';
import type { ConfidenceThresholds } from '@parley/runtime';
import { understoodAs } from './engine/recognition';

/** How many misclassified utterances a result keeps (the rest only count). */
export const MAX_MISCLASSIFIED = 500;

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

/**
 * Scores one recognizer's answers against the expected intents: accuracy, per-intent precision,
 * recall and F1 (an intent never predicted has precision 0), the confusion matrix over every
 * expected or predicted intent, and the misclassified rows. An answer counts as the runtime
 * reads it under the bot's thresholds: one the bot would not act on (between or below them) is
 * None, and None is scored like any intent (docs/decisions.md 'NLU performance').
 */
export function scoreRecognizer(
  recognizer: string,
  rows: readonly NluDatasetRowView[],
  answers: readonly Pick<NluPrediction, 'topIntent' | 'confidence'>[],
  thresholds: ConfidenceThresholds,
): RecognizerResult {
  const predictions = answers.map((a) => ({
    topIntent: understoodAs(a, thresholds),
    confidence: a.confidence,
  }));
  const labels = [...new Set([...rows.map((r) => r.intent), ...predictions.map((p) => p.topIntent)])].sort();
  const at = new Map(labels.map((l, i) => [l, i]));
  const confusion = labels.map(() => labels.map(() => 0));
  const misclassified: RecognizerResult['misclassified'] = [];
  let correct = 0;
  rows.forEach((row, i) => {
    const prediction = predictions[i];
    const predicted = prediction?.topIntent ?? '';
    const line = confusion[at.get(row.intent) ?? 0];
    if (line) line[at.get(predicted) ?? 0] = (line[at.get(predicted) ?? 0] ?? 0) + 1;
    if (predicted === row.intent) correct++;
    else if (misclassified.length < MAX_MISCLASSIFIED)
      misclassified.push({
        utterance: row.utterance,
        expected: row.intent,
        predicted,
        confidence: prediction?.confidence ?? 0,
      });
  });
  const expectedIntents = [...new Set(rows.map((r) => r.intent))].sort();
  const intents: IntentScoreRow[] = expectedIntents.map((intent) => {
    const i = at.get(intent) ?? 0;
    const truePositives = confusion[i]?.[i] ?? 0;
    const support = (confusion[i] ?? []).reduce((a, b) => a + b, 0);
    const predictedAs = confusion.reduce((sum, line) => sum + (line[i] ?? 0), 0);
    const precision = ratio(truePositives, predictedAs);
    const recall = ratio(truePositives, support);
    const f1 = ratio(2 * precision * recall, precision + recall);
    return { intent, support, precision, recall, f1 };
  });
  return {
    recognizer,
    accuracy: ratio(correct, rows.length),
    correct,
    total: rows.length,
    intents,
    labels,
    confusion,
    misclassified,
  };
}
