import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { NluTrainingData } from '@parley/nlu';
import type { TrainingWorkerMessage } from './training-worker';

/** The engine refused the data (e.g. an unsupported language): the step shows this message. */
export class TrainingRefused extends Error {}

/**
 * The worker's file: the built `training-worker.js` next to the bundle (dist/nlu/), or the
 * TypeScript source when the server runs from source (tsx in dev, vitest in tests).
 */
function workerFile(): URL {
  const candidates = [
    new URL('./training-worker.js', import.meta.url),
    new URL('./nlu/training-worker.js', import.meta.url),
    new URL('./training-worker.ts', import.meta.url),
  ];
  const found = candidates.find((url) => existsSync(fileURLToPath(url)));
  if (!found) throw new Error('The NLU training worker is missing from the build.');
  return found;
}

/** tsx's ESM register API (require.resolve would answer its CommonJS twin). */
function tsxEsmApi(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(entry, pathToFileURL(manifestPath)).href;
}

/**
 * A .ts worker (dev, tests) first registers tsx's loader in its own thread, then imports the
 * source: Node 20 runs no TypeScript, and a worker's `--import` flag is not honoured there.
 */
function startWorker(file: URL, data: NluTrainingData): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData: { data } });
  const tsxApi = tsxEsmApi();
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: { data } });
}

const TRAINING_TIMEOUT_MS = 10 * 60_000;

/** Trains in a worker thread; answers the serialised model. */
export function trainInWorker(
  data: NluTrainingData,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  const file = workerFile();
  return new Promise((resolve, reject) => {
    const worker = startWorker(file, data);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error('Training took longer than 10 minutes.'))),
      TRAINING_TIMEOUT_MS,
    );
    worker.on('message', (message: TrainingWorkerMessage) => {
      if (message.type === 'progress') onProgress(message.percent);
      else if (message.type === 'done') finish(() => resolve(message.model));
      else
        finish(() =>
          reject(message.isTrainingError ? new TrainingRefused(message.message) : new Error(message.message)),
        );
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The training worker stopped (exit code ${code}).`))),
    );
  });
}
