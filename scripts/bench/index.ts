import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { benchChannels } from './channels';
import { benchContent } from './content';
import { benchFlowEditor } from './flow-editor';
import { benchFoundation } from './foundation';
import { benchImportStall } from './import-stall';
import { benchLlm } from './llm';
import { benchLlmAnswer } from './llm-answer';
import { benchLlmClient } from './llm-client';
import { benchRuntime } from './runtime';
import { benchSettingsTabs } from './settings-tabs';
import { benchWidget } from './widget';

/**
 * `npm run bench [-- NAME] [--seconds N]`: runs the named benchmark (all when none), prints
 * the figures and writes them to bench-results/NAME.json. Needs a build (`npm run build`).
 */
const BENCHMARKS: Record<string, (options: { seconds: number }) => Promise<object>> = {
  foundation: benchFoundation,
  content: benchContent,
  runtime: benchRuntime,
  'flow-editor': benchFlowEditor,
  widget: benchWidget,
  channels: benchChannels,
  'import-stall': benchImportStall,
  'settings-tabs': benchSettingsTabs,
  llm: benchLlm,
  'llm-client': benchLlmClient,
  'llm-answer': benchLlmAnswer,
};

const args = process.argv.slice(2);
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 10;
const names = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--seconds');
const selected = names.length > 0 ? names : Object.keys(BENCHMARKS);

const outDir = path.resolve(import.meta.dirname, '../../bench-results');
mkdirSync(outDir, { recursive: true });
for (const name of selected) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    console.error(`Unknown benchmark '${name}'. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  const result = {
    benchmark: name,
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
    ...(await bench({ seconds })),
  };
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
