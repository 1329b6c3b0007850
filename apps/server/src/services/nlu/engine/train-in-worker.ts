import type { NluTrainingData } from '@parley/nlu';
import { locateWorker, startWorker } from '../../../workers/worker-thread';
import type { TrainingWorkerMessage } from './training-worker';

/** The engine refused the data (e.g. an unsupported language): the step shows this message. */
export class TrainingRefused extends Error {}

const TRAINING_TIMEOUT_MS = 10 * 60_000;

/** Trains in a worker thread; answers the serialised model. */
export function trainInWorker(
  data: NluTrainingData,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  const file = locateWorker(import.meta.url, 'nlu', 'training-worker');
  return new Promise((resolve, reject) => {
    const worker = startWorker(file, { data });
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
