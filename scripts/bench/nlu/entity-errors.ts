import { benchToTrainingData, readBenchFile } from '../../../packages/nlu/src/cli/bench-data';
import { serialiseModel } from '../../../packages/nlu/src/model';
import { load } from '../../../packages/nlu/src/predictor';
import { train } from '../../../packages/nlu/src/train';

/**
 * `npx tsx scripts/bench/nlu/entity-errors.ts TRAIN TEST [misses]`: per entity type precision,
 * recall and F1 (exact spans), and some of the misses, to find what the tagger gets wrong.
 */
const [trainFile, testFile, missesArg] = process.argv.slice(2);
if (!trainFile || !testFile) throw new Error('usage: entity-errors.ts TRAIN TEST [misses]');
const trainRows = readBenchFile(trainFile);
const testRows = readBenchFile(testFile);
const predictor = load(serialiseModel(train(benchToTrainingData(trainRows, 'en'))));
const counts = new Map<string, { tp: number; fp: number; fn: number; boundary: number; wrongType: number }>();
const c = (t: string) => {
  let x = counts.get(t);
  if (!x) {
    x = { tp: 0, fp: 0, fn: 0, boundary: 0, wrongType: 0 };
    counts.set(t, x);
  }
  return x;
};
const misses: string[] = [];
for (const row of testRows) {
  const p = predictor.predict(row.text).entities;
  const lines: string[] = [];
  for (const g of row.entities) {
    const hit = p.some((e) => e.entity === g.entity && e.start === g.start && e.end === g.end);
    if (hit) c(g.entity).tp++;
    else {
      c(g.entity).fn++;
      const o = p.find((e) => e.start < g.end && g.start < e.end);
      if (o && o.entity === g.entity) c(g.entity).boundary++;
      else if (o) c(g.entity).wrongType++;
      lines.push(`  miss ${g.entity}="${g.value}"${o ? ` got ${o.entity}="${o.text}"` : ''}`);
    }
  }
  for (const e of p) {
    if (!row.entities.some((g) => e.entity === g.entity && e.start === g.start && e.end === g.end)) {
      c(e.entity).fp++;
      if (!row.entities.some((g) => e.start < g.end && g.start < e.end))
        lines.push(`  extra ${e.entity}="${e.text}"`);
    }
  }
  if (lines.length > 0) misses.push(`${row.intent}: ${row.text}\n${lines.join('\n')}`);
}
const f = (n: number) => n.toFixed(2);
const rows = [...counts].sort((a, b) => b[1].fn + b[1].fp - (a[1].fn + a[1].fp));
let tp = 0;
let fp = 0;
let fn = 0;
for (const [type, x] of rows) {
  tp += x.tp;
  fp += x.fp;
  fn += x.fn;
  const pr = x.tp / Math.max(1, x.tp + x.fp);
  const re = x.tp / Math.max(1, x.tp + x.fn);
  console.log(
    `${type.padEnd(28)} gold ${String(x.tp + x.fn).padStart(4)} P ${f(pr)} R ${f(re)} F ${f((2 * pr * re) / Math.max(1e-9, pr + re))} fn ${x.fn} (boundary ${x.boundary}, type ${x.wrongType}) fp ${x.fp}`,
  );
}
const P = tp / (tp + fp);
const R = tp / (tp + fn);
console.log(`all: P ${f(P)} R ${f(R)} F ${((2 * P * R) / (P + R)).toFixed(4)}`);
const n = Number(missesArg ?? 0);
if (n > 0) console.log(misses.slice(0, n).join('\n'));
