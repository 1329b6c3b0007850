import { existsSync } from 'node:fs';
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

/** A .ts worker needs tsx's loader in its own thread (Node 20 does not run TypeScript). */
function execArgvFor(file: URL): string[] {
  if (!file.pathname.endsWith('.ts')) return [];
  const loader = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(loader).href];
}

const TRAINING_TIMEOUT_MS = 10 * 60_000;

/** Trains in a worker thread; answers the serialised model. */
export function trainInWorker(
  data: NluTrainingData,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  const file = workerFile();
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { data }, execArgv: execArgvFor(file) });
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
