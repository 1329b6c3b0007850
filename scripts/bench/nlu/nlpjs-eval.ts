import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en';
import { Nlp } from '@nlpjs/nlp';
import { readBenchFile } from '../../../packages/nlu/src/cli/bench-data.ts';
import { percentile, scorePredictions } from '../../../packages/nlu/src/cli/metrics.ts';

/**
 * NLP.js (@nlpjs/nlp with @nlpjs/lang-en, default settings, intents only: it has no learned
 * entity extractor) on one bench-data pair; prints the same JSON as `npm run nlu -- eval`.
 * Its answer is taken as shipped, including its fallback to None below score 0.5. With FOREIGN
 * (another dataset's test file) it also reports the share of those texts it answers None.
 */
const [trainFile, testFile, foreignFile] = process.argv.slice(2);
if (!trainFile || !testFile) {
  console.error('Usage: tsx scripts/bench/nlu/nlpjs-eval.ts TRAIN TEST [FOREIGN]');
  process.exit(2);
}
const trainRows = readBenchFile(trainFile);
const testRows = readBenchFile(testFile);
const quiet = console.log;
console.log = () => {};
const container = await containerBootstrap();
container.use(Nlp);
container.use(LangEn);
const nlp = container.get('nlp');
nlp.settings.autoSave = false;
nlp.addLanguage('en');
for (const row of trainRows) nlp.addDocument('en', row.text, row.intent);
const started = performance.now();
await nlp.train();
const trainSeconds = (performance.now() - started) / 1000;
const times: number[] = [];
const predicted = [];
for (const row of testRows) {
  const t0 = performance.now();
  const result = await nlp.process('en', row.text);
  times.push(performance.now() - t0);
  predicted.push({ intent: String(result.intent ?? 'None'), entities: [] });
}
let foreign: { total: number; toNone: number } | undefined;
if (foreignFile) {
  const rows = readBenchFile(foreignFile);
  let none = 0;
  for (const row of rows) if (String((await nlp.process('en', row.text)).intent ?? 'None') === 'None') none++;
  foreign = { total: rows.length, toNone: Math.round((none / rows.length) * 10000) / 10000 };
}
console.log = quiet;
times.sort((a, b) => a - b);
const scores = scorePredictions(testRows, predicted);
process.stdout.write(
  `${JSON.stringify({
    ...scores,
    entities: null,
    trainSeconds: Math.round(trainSeconds * 1000) / 1000,
    predictP50Ms: Math.round(percentile(times, 50) * 1000) / 1000,
    predictP99Ms: Math.round(percentile(times, 99) * 1000) / 1000,
    peakRssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    ...(foreign ? { foreign } : {}),
  })}\n`,
);
