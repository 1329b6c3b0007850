import { RECOGNISED_PREBUILTS } from '../entities/prebuilt';
import { serialiseModel } from '../model';
import { load } from '../predictor';
import { train } from '../train';
import { benchToTrainingData, readBenchFile } from './bench-data';
import { type EvalScores, type PredictedUtterance, percentile, scorePredictions } from './metrics';

export interface EvalResult extends EvalScores {
  trainSeconds: number;
  predictP50Ms: number;
  predictP99Ms: number;
  /** The same model with every prebuilt recognizer switched on: what date and number cues cost. */
  prebuiltsP50Ms: number;
  prebuiltsP99Ms: number;
  peakRssMb: number;
}

/** Trains on one bench-data file, predicts the other, and scores the predictions. */
export function evaluateFiles(trainFile: string, testFile: string, language: string): EvalResult {
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
  const predicted: PredictedUtterance[] = testRows.map((row) => {
    const t0 = performance.now();
    const p = predictor.predict(row.text);
    times.push(performance.now() - t0);
    return { intent: p.topIntent, entities: p.entities };
  });
  // Bench files mark their entities as simple ones: the recognizers are timed on the same
  // texts with a model that asks for all of them (the scores above are the plain model's).
  const withPrebuilts = load({ ...model, prebuilts: [...RECOGNISED_PREBUILTS] });
  const prebuiltTimes = testRows.map((row) => {
    const t0 = performance.now();
    withPrebuilts.predict(row.text);
    return performance.now() - t0;
  });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  times.sort((a, b) => a - b);
  prebuiltTimes.sort((a, b) => a - b);
  const round = (n: number, d = 1000) => Math.round(n * d) / d;
  return {
    ...scorePredictions(testRows, predicted),
    trainSeconds: round(trainSeconds),
    predictP50Ms: round(percentile(times, 50)),
    predictP99Ms: round(percentile(times, 99)),
    prebuiltsP50Ms: round(percentile(prebuiltTimes, 50)),
    prebuiltsP99Ms: round(percentile(prebuiltTimes, 99)),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  };
}
