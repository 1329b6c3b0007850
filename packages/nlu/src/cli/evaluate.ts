import { DEFAULT_BOT_SETTINGS } from '@parley/contracts';
import { RECOGNISED_PREBUILTS } from '../entities/prebuilt';
import { serialiseModel } from '../model';
import { load } from '../predictor';
import { train } from '../train';
import { type NluPrediction, NONE } from '../types';
import { benchToTrainingData, readBenchFile } from './bench-data';
import {
  decisionShares,
  type EvalScores,
  type PredictedUtterance,
  percentile,
  type RuntimeDecision,
  runtimeDecision,
  scorePredictions,
} from './metrics';

/** A new bot's thresholds: what the runtime compares the confidence with. */
export const DEFAULT_THRESHOLDS = {
  confidence: DEFAULT_BOT_SETTINGS.confidence,
  lowConfidence: DEFAULT_BOT_SETTINGS.lowConfidence,
};

/** The test set read through the runtime's rule with a new bot's thresholds. */
export interface RuntimeScores {
  thresholds: { confidence: number; lowConfidence: number };
  /** In-scope accuracy when 'not understood' (None or under lowConfidence) counts as None. */
  inScopeAccuracy: number;
  /** In-scope accuracy counting only what the bot acts on (at or above `confidence`: the flow starts). */
  inScopeAccuracyAnswered: number;
  /** In-scope accuracy of the best real intent, whatever its score: no None at all. */
  inScopeAccuracyBestIntent: number;
  /** What the rule costs in-domain: the difference of the two, in accuracy points (0-1). */
  inScopeAccuracyLost: number;
  /** Shares of the in-domain test texts the bot answers, asks to rephrase, does not understand. */
  decisions: Record<RuntimeDecision, number>;
}

/** Another dataset's test texts sent to the bot: all should be 'not understood'. */
export interface ForeignScores {
  file: string;
  total: number;
  /** The share the runtime would answer 'I did not understand' (None or under lowConfidence). */
  toNone: number;
  decisions: Record<RuntimeDecision, number>;
}

export interface EvalResult extends EvalScores {
  trainSeconds: number;
  predictP50Ms: number;
  predictP99Ms: number;
  /** The same model with every prebuilt recognizer switched on: what date and number cues cost. */
  prebuiltsP50Ms: number;
  prebuiltsP99Ms: number;
  peakRssMb: number;
  runtime: RuntimeScores;
  foreign?: ForeignScores;
}

/** Trains on one bench-data file, predicts the other, and scores the predictions. */
export function evaluateFiles(
  trainFile: string,
  testFile: string,
  language: string,
  foreignFile?: string,
): EvalResult {
  let peakRss = process.memoryUsage().rss;
  const trainRows = readBenchFile(trainFile);
  const testRows = readBenchFile(testFile);
  const started = performance.now();
  const model = train(benchToTrainingData(trainRows, language));
  const trainSeconds = (performance.now() - started) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // Predict with the model as stored: the round trip is part of what is measured.
  const predictor = load(serialiseModel(model));
  // A server predicts long after training: training's garbage (hundreds of MB on big data)
  // must not be collected inside the timed predictions. Run with --expose-gc to clear it.
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  const predictions: NluPrediction[] = testRows.map((row) => {
    const t0 = performance.now();
    const p = predictor.predict(row.text);
    times.push(performance.now() - t0);
    return p;
  });
  const predicted: PredictedUtterance[] = predictions.map((p) => ({
    intent: p.topIntent,
    entities: p.entities,
  }));
  // Bench files mark their entities as simple ones: the recognizers are timed on the same
  // texts with a model that asks for all of them (the scores above are the plain model's).
  const withPrebuilts = load({ ...model, prebuilts: [...RECOGNISED_PREBUILTS] });
  const prebuiltTimes = testRows.map((row) => {
    const t0 = performance.now();
    withPrebuilts.predict(row.text);
    return performance.now() - t0;
  });
  const { confidence, lowConfidence } = DEFAULT_THRESHOLDS;
  const decide = (p: NluPrediction) => runtimeDecision(p, confidence, lowConfidence);
  const decisions = predictions.map(decide);
  /** In-scope accuracy when each prediction is read as `intentOf` says. */
  const accuracyOf = (intentOf: (p: NluPrediction, i: number) => string) =>
    scorePredictions(
      testRows,
      predictions.map((p, i) => ({ intent: intentOf(p, i), entities: [] })),
    ).inScopeAccuracy;
  const withRule = accuracyOf((p, i) => (decisions[i] === 'belowThreshold' ? NONE : p.topIntent));
  const answered = accuracyOf((p, i) => (decisions[i] === 'answer' ? p.topIntent : NONE));
  const bestIntent = accuracyOf((p) => p.intents.find((s) => s.intent !== NONE)?.intent ?? NONE);
  const runtime: RuntimeScores = {
    thresholds: { ...DEFAULT_THRESHOLDS },
    inScopeAccuracy: withRule,
    inScopeAccuracyAnswered: answered,
    inScopeAccuracyBestIntent: bestIntent,
    inScopeAccuracyLost: round(bestIntent - withRule, 10000),
    decisions: decisionShares(decisions),
  };
  let foreign: ForeignScores | undefined;
  if (foreignFile) {
    const foreignDecisions = readBenchFile(foreignFile).map((row) => decide(predictor.predict(row.text)));
    const shares = decisionShares(foreignDecisions);
    foreign = {
      file: foreignFile,
      total: foreignDecisions.length,
      toNone: shares.belowThreshold,
      decisions: shares,
    };
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  times.sort((a, b) => a - b);
  prebuiltTimes.sort((a, b) => a - b);
  return {
    ...scorePredictions(testRows, predicted),
    trainSeconds: round(trainSeconds),
    predictP50Ms: round(percentile(times, 50)),
    predictP99Ms: round(percentile(times, 99)),
    prebuiltsP50Ms: round(percentile(prebuiltTimes, 50)),
    prebuiltsP99Ms: round(percentile(prebuiltTimes, 99)),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    runtime,
    ...(foreign ? { foreign } : {}),
  };
}

const round = (n: number, d = 1000) => Math.round(n * d) / d;
