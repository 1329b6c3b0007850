import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  findPrebuilts,
  RECOGNISED_PREBUILTS,
  type RecognisedPrebuilt,
} from '../../packages/nlu/src/entities/prebuilt';
import { load } from '../../packages/nlu/src/predictor';
import { train } from '../../packages/nlu/src/train';
import { CASES, REFERENCE } from './prebuilts/cases';

/**
 * `npx tsx scripts/bench/prebuilts.ts [label]`: the prebuilt recognizers' time and quality.
 * Time: a bot's whole prediction (`predict`) with every prebuilt entity on, and with each one on
 * alone, over real traffic (Snips and Banking77 test texts) and the real-world entity cases: a
 * first pass, then two timed rounds against other minutes (no cache hits but the library's own).
 * Run with --expose-gc (as `npm run bench:nlu` does) to clear garbage before each pass.
 * Quality: precision and recall per type on scripts/bench/prebuilts/cases.ts (spans marked by
 * hand), exact span and overlapping span; a found entity overlapping another type's marked one is not counted (a
 * number inside a price is the Number recognizer's right answer too). Writes
 * bench-results/prebuilts[-label].json, and the values found for each case so two runs can be
 * compared value by value. Prints its section of bench-results/nlu.md (markdown) on stdout.
 */
const root = path.resolve(import.meta.dirname, '../..');
const benchData = process.env.BENCH_DATA ?? path.resolve(root, '../shared/bench-data');
const label = process.argv[2] ?? 'current';
const SCORED = ['Date', 'Number', 'Currency', 'Email', 'Url', 'PhoneNumber'] as const;

const fixture = { cases: CASES };
const reference = REFERENCE;
const texts = (file: string, n: number) =>
  (JSON.parse(readFileSync(path.join(benchData, file), 'utf8')) as Array<{ text: string }>)
    .slice(0, n)
    .map((r) => r.text);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (x: number, k = 1000) => Math.round(x * k) / k;

async function timing() {
  const data = {
    language: 'en',
    entities: [],
    intents: [
      { name: 'Greeting', utterances: ['hello there', 'good morning', 'hi friend', 'hey how are you'] },
      { name: 'Order', utterances: ['I want 3 pizzas', 'order two coffees', 'book a table for tomorrow'] },
      { name: 'Pay', utterances: ['send 20 dollars to anna', 'pay my bill', 'transfer money to my savings'] },
    ],
  };
  const model = await train(data as never);
  const sets = {
    snips: texts('snips2017/test.json', 700),
    banking77: texts('banking77/test.json', 1500),
    cases: fixture.cases.map((c) => c.text),
  };
  const configs: Array<[string, RecognisedPrebuilt[]]> = [
    ['all', [...RECOGNISED_PREBUILTS]],
    ...RECOGNISED_PREBUILTS.map((p): [string, RecognisedPrebuilt[]] => [p, [p]]),
  ];
  type Stat = { p50: number; p99: number; max: number };
  const result: Record<string, Record<string, Record<'wall' | 'cpu' | 'firstWall' | 'firstCpu', Stat>>> = {};
  const stat = (times: number[]): Stat => {
    times.sort((a, b) => a - b);
    return {
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1) ?? 0),
    };
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  for (const [i, [name, prebuilts]] of configs.entries()) {
    const predictor = load({ ...model, prebuilts } as never);
    result[name] = {};
    for (const [set, list] of Object.entries(sets)) {
      // The first pass is what a fresh server pays on its first messages (only the first
      // configuration, 'all', is cold: the others find the code compiled). The timed rounds
      // resolve against other minutes, so no result comes from the cache.
      const pass = (at: Date) => {
        gc?.();
        const wall: number[] = [];
        const cpu: number[] = [];
        for (const t of list) {
          const c0 = process.cpuUsage();
          const t0 = performance.now();
          predictor.predict(t, { referenceDate: at });
          wall.push(performance.now() - t0);
          const c = process.cpuUsage(c0);
          cpu.push((c.user + c.system) / 1000);
        }
        return { wall, cpu };
      };
      const first = pass(reference);
      const rounds = [1, 2].map((k) => pass(new Date(reference.getTime() + 60_000 * (2 * i + k))));
      result[name][set] = {
        wall: stat(rounds.flatMap((r) => r.wall)),
        cpu: stat(rounds.flatMap((r) => r.cpu)),
        firstWall: stat(first.wall),
        firstCpu: stat(first.cpu),
      };
    }
  }
  return result;
}

function quality() {
  const perType: Record<
    string,
    { tp: number; fp: number; fn: number; tpLenient: number; fpLenient: number; fnLenient: number }
  > = {};
  const values: Array<{
    text: string;
    type: string;
    found: Array<{ start: number; end: number; text: string; value: unknown }>;
  }> = [];
  const misses: string[] = [];
  for (const type of SCORED) {
    const s = { tp: 0, fp: 0, fn: 0, tpLenient: 0, fpLenient: 0, fnLenient: 0 };
    for (const c of fixture.cases) {
      const found = findPrebuilts(c.text, 'en', [type as RecognisedPrebuilt], reference);
      values.push({
        text: c.text,
        type,
        found: found.map(({ start, end, text, value }) => ({ start, end, text, value })),
      });
      const marked = c.entities.filter((e) => e.type === type);
      const others = c.entities.filter((e) => e.type !== type);
      const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
        a.start < b.end && b.start < a.end;
      const counted = found.filter(
        (f) => !others.some((o) => overlaps(f, o)) || marked.some((m) => overlaps(f, m)),
      );
      for (const m of marked) {
        if (counted.some((f) => f.start === m.start && f.end === m.end)) s.tp++;
        else {
          s.fn++;
          misses.push(
            `${type} missed '${m.text}' in '${c.text}': found ${JSON.stringify(counted.map((f) => f.text))}`,
          );
        }
        if (counted.some((f) => overlaps(f, m))) s.tpLenient++;
        else s.fnLenient++;
      }
      for (const f of counted) {
        if (!marked.some((m) => f.start === m.start && f.end === m.end)) {
          s.fp++;
          if (!marked.some((m) => overlaps(f, m))) misses.push(`${type} extra '${f.text}' in '${c.text}'`);
        }
        if (!marked.some((m) => overlaps(f, m))) s.fpLenient++;
      }
    }
    perType[type] = s;
  }
  const scores = Object.fromEntries(
    Object.entries(perType).map(([type, s]) => {
      const p = s.tp / Math.max(1, s.tp + s.fp);
      const r = s.tp / Math.max(1, s.tp + s.fn);
      const pl = s.tpLenient / Math.max(1, s.tpLenient + s.fpLenient);
      const rl = s.tpLenient / Math.max(1, s.tpLenient + s.fnLenient);
      return [
        type,
        {
          ...s,
          precision: round(p),
          recall: round(r),
          f1: round((2 * p * r) / Math.max(1e-9, p + r)),
          precisionLenient: round(pl),
          recallLenient: round(rl),
        },
      ];
    }),
  );
  return { scores, values, misses };
}

const t = await timing();
const q = quality();
mkdirSync(path.join(root, 'bench-results'), { recursive: true });
const out = path.join(root, 'bench-results', `prebuilts-${label}.json`);
writeFileSync(
  out,
  JSON.stringify({ label, timing: t, quality: q.scores, misses: q.misses, values: q.values }, null, 1),
);
const lines = [
  '## Prebuilt entities (scripts/bench/prebuilts.ts)',
  '',
  `A bot's whole prediction with all ${RECOGNISED_PREBUILTS.length} prebuilt recognizers on, and with each alone, on the Snips (700) and Banking77 (1,500) test texts and the ${CASES.length} real-world cases; ms, two timed rounds after a first pass (each round against another minute, so no cached result); wall clock and the process's CPU time (this machine is shared: wall includes waiting for a core). First pass: right after the model's load and warm-up, as a fresh server meets its first messages ('all' only; later configurations find the code compiled).`,
  '',
  '| recognizers | texts | wall p50 | wall p99 | CPU p50 | CPU p99 | first pass wall p99 | first pass CPU p99 |',
  '|---|---|---|---|---|---|---|---|',
];
for (const [name, sets] of Object.entries(t)) {
  for (const [set, v] of Object.entries(sets)) {
    const first = name === 'all' ? [v.firstWall.p99, v.firstCpu.p99] : ['—', '—'];
    lines.push(
      `| ${name} | ${set} | ${v.wall.p50} | ${v.wall.p99} | ${v.cpu.p50} | ${v.cpu.p99} | ${first.join(' | ')} |`,
    );
  }
}
lines.push(
  '',
  "Quality on scripts/bench/prebuilts/cases.ts (spans marked by hand; a found entity inside another type's marked one is not counted):",
  '',
  '| type | precision (exact span) | recall (exact span) | precision (overlap) | recall (overlap) | tp / fp / fn (exact) |',
  '|---|---|---|---|---|---|',
);
for (const [type, s] of Object.entries(q.scores)) {
  lines.push(
    `| ${type} | ${s.precision} | ${s.recall} | ${s.precisionLenient} | ${s.recallLenient} | ${s.tp} / ${s.fp} / ${s.fn} |`,
  );
}
console.log(lines.join('\n'));
console.error(`written ${out}`);
