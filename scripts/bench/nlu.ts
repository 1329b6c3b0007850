import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { PUBLISHED, PUBLISHED_NOTES } from './nlu/published';

/**
 * `npm run bench:nlu`: every dataset of shared/bench-data with Parley's engine (through
 * `npm run nlu -- eval`) and with NLP.js, each run in its own process so memory and timings
 * do not mix, beside the published cloud numbers. Writes bench-results/nlu.md and nlu.json.
 */
const root = path.resolve(import.meta.dirname, '../..');
const benchData = process.env.BENCH_DATA ?? path.resolve(root, '../shared/bench-data');
const outDir = path.join(root, 'bench-results');
const tsx = path.join(root, 'node_modules/.bin/tsx');

interface Scores {
  accuracy: number;
  macroF1: number;
  oosRecall: number | null;
  entities: { exact: { f1: number }; lenient: { f1: number } } | null;
  trainSeconds: number;
  predictP50Ms: number;
  predictP99Ms: number;
  /** Parley only: the same predictions with every prebuilt recognizer on. */
  prebuiltsP50Ms?: number;
  prebuiltsP99Ms?: number;
  peakRssMb: number;
}

function run(script: string, args: string[]): Scores {
  // --expose-gc: the Parley eval clears training's garbage before timing predictions.
  const out = execFileSync(tsx, ['--expose-gc', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const last = out.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as Scores;
}

const datasets = readdirSync(benchData, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const results: Record<string, { train: string; parley: Scores; nlpjs: Scores }> = {};
for (const name of datasets) {
  const train = path.join(benchData, name, 'train.json');
  const test = path.join(benchData, name, 'test.json');
  console.error(`${name}: Parley...`);
  const parley = run('packages/nlu/src/cli/main.ts', [
    'eval',
    '--train',
    train,
    '--test',
    test,
    '--lang',
    'en',
  ]);
  console.error(`${name}: NLP.js...`);
  const nlpjs = run('scripts/bench/nlu/nlpjs-eval.ts', [train, test]);
  results[name] = { train: 'train.json', parley, nlpjs };
}

const f = (n: number | null | undefined, d = 3) => (n === null || n === undefined ? '—' : n.toFixed(d));
const lines = [
  '# NLU benchmark',
  '',
  `Run ${new Date().toISOString()} on ${cpus().length} CPU (${cpus()[0]?.model ?? '?'}), Node ${process.version}. Train on train.json, test on test.json of each dataset in shared/bench-data. NLP.js = @nlpjs/nlp + @nlpjs/lang-en, default settings (intents only). Timings are single runs on a shared machine.`,
  '',
  '| dataset | Parley acc | Parley macro-F1 | Parley entity F1 exact (lenient) | Parley OOS recall | Parley train s | Parley p50 / p99 ms | Parley p50 / p99 ms, all prebuilts on | Parley peak RSS MB | NLP.js acc | NLP.js macro-F1 | NLP.js train s | NLP.js p99 ms | best published acc |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];
for (const [name, r] of Object.entries(results)) {
  const best = (PUBLISHED[name] ?? []).reduce<{ engine: string; accuracy: number } | undefined>(
    (b, p) => (!b || p.accuracy > b.accuracy ? p : b),
    undefined,
  );
  const p = r.parley;
  const entity =
    p.entities && p.entities.exact.f1 + p.entities.lenient.f1 > 0
      ? `${f(p.entities.exact.f1)} (${f(p.entities.lenient.f1)})`
      : '—';
  lines.push(
    `| ${name} | ${f(p.accuracy)} | ${f(p.macroF1)} | ${entity} | ${f(p.oosRecall)} | ${f(p.trainSeconds, 2)} | ${f(p.predictP50Ms)} / ${f(p.predictP99Ms)} | ${f(p.prebuiltsP50Ms)} / ${f(p.prebuiltsP99Ms)} | ${p.peakRssMb} | ${f(r.nlpjs.accuracy)} | ${f(r.nlpjs.macroF1)} | ${f(r.nlpjs.trainSeconds, 2)} | ${f(r.nlpjs.predictP99Ms)} | ${best ? `${f(best.accuracy)} (${best.engine})` : '—'} |`,
  );
}
lines.push('', '## Published results (intent accuracy)', '');
for (const name of datasets) {
  const published = PUBLISHED[name] ?? [];
  lines.push(
    `- **${name}**: ${published.map((p) => `${p.engine} ${f(p.accuracy)} (${p.source})`).join('; ') || PUBLISHED_NOTES[name] || '—'}`,
  );
}
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'nlu.md'), `${lines.join('\n')}\n`);
writeFileSync(
  path.join(outDir, 'nlu.json'),
  `${JSON.stringify({ benchmark: 'nlu', at: new Date().toISOString(), machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version }, results, published: PUBLISHED, notes: PUBLISHED_NOTES }, null, 2)}\n`,
);
console.log(lines.join('\n'));
