import { trainSvmBaseline } from '../../../packages/nlu/src/baselines/tfidf-svm.ts';
import { readBenchFile } from '../../../packages/nlu/src/cli/bench-data.ts';
import { percentile, scorePredictions } from '../../../packages/nlu/src/cli/metrics.ts';

/**
 * The plain TF-IDF + one-vs-rest linear SVM baseline of issue 12 on one bench-data pair;
 * prints the same JSON as `npm run nlu -- eval` (intents only: it has no None and no entities).
 */
const [trainFile, testFile] = process.argv.slice(2);
if (!trainFile || !testFile) {
  console.error('Usage: tsx scripts/bench/nlu/svm-eval.ts TRAIN TEST');
  process.exit(2);
}
const trainRows = readBenchFile(trainFile);
const testRows = readBenchFile(testFile);
const started = performance.now();
const model = trainSvmBaseline(trainRows);
const trainSeconds = (performance.now() - started) / 1000;
const times: number[] = [];
const predicted = testRows.map((row) => {
  const t0 = performance.now();
  const intent = model.predict(row.text);
  times.push(performance.now() - t0);
  return { intent, entities: [] };
});
times.sort((a, b) => a - b);
const round = (n: number) => Math.round(n * 1000) / 1000;
process.stdout.write(
  `${JSON.stringify({
    ...scorePredictions(testRows, predicted),
    entities: null,
    trainSeconds: round(trainSeconds),
    predictP50Ms: round(percentile(times, 50)),
    predictP99Ms: round(percentile(times, 99)),
    peakRssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  })}\n`,
);
