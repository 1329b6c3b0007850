import { parentPort, workerData } from 'node:worker_threads';
import { type NluTrainingData, NluTrainingError, serialiseModel, train } from '@parley/nlu';

/**
 * Trains one model off the main thread (a bot of 15k utterances takes seconds; the server's
 * event loop must keep answering). Runs as a worker_threads Worker started by
 * `train-in-worker.ts`; it answers progress, then the serialised model or the failure.
 */
export type TrainingWorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; model: string }
  | { type: 'failed'; message: string; isTrainingError: boolean };

const port = parentPort;
if (port) {
  const post = (message: TrainingWorkerMessage) => port.postMessage(message);
  try {
    post({ type: 'progress', percent: 5 });
    const model = train((workerData as { data: NluTrainingData }).data);
    post({ type: 'progress', percent: 90 });
    post({ type: 'done', model: serialiseModel(model) });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      isTrainingError: error instanceof NluTrainingError,
    });
  }
}
