import { NONE } from '../types';
import { type BenchUtterance, isNoIntent } from './bench-data';

export interface PredictedUtterance {
  intent: string;
  entities: Array<{ entity: string; start: number; end: number }>;
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
}

export interface EvalScores {
  accuracy: number;
  macroF1: number;
  inScopeAccuracy: number;
  oosRecall: number | null;
  intents: Record<string, Prf>;
  entities: { exact: Prf; lenient: Prf };
}

const round = (n: number) => Math.round(n * 10000) / 10000;
const prf = (tp: number, fp: number, fn: number): Prf => {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision: round(precision), recall: round(recall), f1: round(f1) };
};

/**
 * The metrics: accuracy over every utterance (no intent predicted for a no-intent
 * gold is right), macro-F1 over the intents present in the test set, in-scope accuracy,
 * out-of-scope recall, per-intent P/R/F1 and micro entity P/R/F1 (exact: type, start and end;
 * lenient: type and overlapping span).
 */
export function scorePredictions(
  gold: readonly BenchUtterance[],
  predicted: readonly PredictedUtterance[],
): EvalScores {
  const label = (intent: string) => (isNoIntent(intent) ? NONE : intent);
  let correct = 0;
  let inScope = 0;
  let inScopeCorrect = 0;
  let noIntent = 0;
  let noIntentCaught = 0;
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const count = (intent: string) => {
    let c = counts.get(intent);
    if (!c) {
      c = { tp: 0, fp: 0, fn: 0 };
      counts.set(intent, c);
    }
    return c;
  };
  const inTest = new Set(gold.map((g) => label(g.intent)));
  let exact = { tp: 0, fp: 0, fn: 0 };
  let lenient = { tp: 0, fp: 0, fn: 0 };
  gold.forEach((g, i) => {
    const p = predicted[i] as PredictedUtterance;
    const truth = label(g.intent);
    const guess = label(p.intent);
    if (truth === guess) {
      correct++;
      count(truth).tp++;
    } else {
      count(truth).fn++;
      count(guess).fp++;
    }
    if (truth === NONE) {
      noIntent++;
      if (guess === NONE) noIntentCaught++;
    } else {
      inScope++;
      if (guess === truth) inScopeCorrect++;
    }
    const exactHits = p.entities.filter((e) =>
      g.entities.some((t) => t.entity === e.entity && t.start === e.start && t.end === e.end),
    ).length;
    exact = {
      tp: exact.tp + exactHits,
      fp: exact.fp + p.entities.length - exactHits,
      fn: exact.fn + g.entities.length - exactHits,
    };
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
      a.start < b.end && b.start < a.end;
    const lenientPredicted = p.entities.filter((e) =>
      g.entities.some((t) => t.entity === e.entity && overlaps(t, e)),
    ).length;
    const lenientGold = g.entities.filter((t) =>
      p.entities.some((e) => t.entity === e.entity && overlaps(t, e)),
    ).length;
    lenient = {
      tp: lenient.tp + lenientGold,
      fp: lenient.fp + p.entities.length - lenientPredicted,
      fn: lenient.fn + g.entities.length - lenientGold,
    };
  });
  const intents: Record<string, Prf> = {};
  for (const intent of [...inTest].sort()) {
    const c = count(intent);
    intents[intent] = prf(c.tp, c.fp, c.fn);
  }
  const f1s = Object.values(intents).map((s) => s.f1);
  return {
    accuracy: round(gold.length === 0 ? 0 : correct / gold.length),
    macroF1: round(f1s.length === 0 ? 0 : f1s.reduce((a, b) => a + b, 0) / f1s.length),
    inScopeAccuracy: round(inScope === 0 ? 0 : inScopeCorrect / inScope),
    oosRecall: noIntent === 0 ? null : round(noIntentCaught / noIntent),
    intents,
    entities: { exact: prf(exact.tp, exact.fp, exact.fn), lenient: prf(lenient.tp, lenient.fp, lenient.fn) },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/** What a bot does with a prediction (apps/server `decisionOf`, packages/runtime `runTurn`). */
export type RuntimeDecision = 'answer' | 'betweenThresholds' | 'belowThreshold';

/**
 * The runtime's rule (packages/runtime's turn and apps/server's `decisionOf` on the engine's
 * answer): the engine's None, or a confidence under `lowConfidence`, says 'I did not understand';
 * under `confidence` the bot asks to rephrase; otherwise the intent's flow starts. The engine does
 * not depend on the runtime, so the rule is restated here; the unit test pins it to the server
 * test's cases.
 */
export function runtimeDecision(
  prediction: { topIntent: string; confidence: number },
  confidence: number,
  lowConfidence: number,
): RuntimeDecision {
  if (prediction.topIntent === NONE) return 'belowThreshold';
  if (prediction.confidence >= confidence) return 'answer';
  if (prediction.confidence >= lowConfidence) return 'betweenThresholds';
  return 'belowThreshold';
}

/** Shares of a set of decisions (rounded like the other scores). */
export function decisionShares(decisions: readonly RuntimeDecision[]): Record<RuntimeDecision, number> {
  const share = (d: RuntimeDecision) =>
    round(decisions.length === 0 ? 0 : decisions.filter((x) => x === d).length / decisions.length);
  return {
    answer: share('answer'),
    betweenThresholds: share('betweenThresholds'),
    belowThreshold: share('belowThreshold'),
  };
}
