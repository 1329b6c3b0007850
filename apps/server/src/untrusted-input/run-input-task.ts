import type { Worker } from 'node:worker_threads';
import { AppError } from '@parley/contracts';
import { locateWorker, startWorker } from '../workers/worker-thread';
import type { InputTaskName, InputTasks } from './input-tasks';
import type { InputWorkerMessage, InputWorkerRequest } from './input-worker';

/** Workers reading user input at once in this process; the rest wait in line. */
const MAX_RUNNING = 2;
/** Requests that may wait for a worker; past this the server is busy (503) rather than queueing without end. */
const MAX_WAITING = 16;
/** Heap of one worker: a real 64 MB bot file parses well within it; a hostile one hits it and ends the worker. */
const WORKER_HEAP_MB = 768;
/** An idle worker is ended after this, so a quiet server holds no threads. */
const IDLE_MS = 30_000;

export interface InputTaskLimits {
  timeoutMs: number;
  /** The refusal when the input exhausts the worker's memory or time. */
  tooComplex: () => AppError;
  /** The refusal when too many requests already wait for a worker. */
  busy: () => AppError;
}

let running = 0;
const waiting: Array<() => void> = [];
const idle: Array<{ worker: Worker; timer: NodeJS.Timeout }> = [];

async function slot(limits: InputTaskLimits): Promise<() => void> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw limits.busy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.worker;
  }
  const worker = startWorker(locateWorker(import.meta.url, 'untrusted-input', 'input-worker'), undefined, {
    maxOldGenerationSizeMb: WORKER_HEAP_MB,
    maxYoungGenerationSizeMb: 64,
  });
  worker.unref();
  return worker;
}

function keepWorker(worker: Worker): void {
  const entry = { worker, timer: setTimeout(() => retire(entry), IDLE_MS) };
  entry.timer.unref();
  idle.push(entry);
}

function retire(entry: { worker: Worker; timer: NodeJS.Timeout }): void {
  const index = idle.indexOf(entry);
  if (index >= 0) idle.splice(index, 1);
  void entry.worker.terminate();
}

/**
 * Runs one task of input-tasks.ts in a worker thread with a memory ceiling and a time limit, and
 * answers its value (structured-cloned back) or rethrows its refusal. A worker whose task ran out
 * of memory or time is ended and replaced; one that answered is kept for the next task.
 */
export async function runInputTask<K extends InputTaskName>(
  task: K,
  payload: Parameters<InputTasks[K]>[0],
  limits: InputTaskLimits,
): Promise<Awaited<ReturnType<InputTasks[K]>>> {
  const release = await slot(limits);
  try {
    const message = await runOnWorker({ task, payload }, limits.timeoutMs);
    if (message === 'exhausted') throw limits.tooComplex();
    if (message.kind === 'refused')
      throw new AppError(message.code, message.message, message.data, message.status);
    if (message.kind === 'failed') throw new Error(`Reading input (${task}) failed: ${message.message}`);
    return message.value as Awaited<ReturnType<InputTasks[K]>>;
  } finally {
    release();
  }
}

function runOnWorker(
  request: InputWorkerRequest,
  timeoutMs: number,
): Promise<InputWorkerMessage | 'exhausted'> {
  const worker = takeWorker();
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const finish = (outcome: () => void, isReusable = false) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (isReusable) keepWorker(worker);
      else void worker.terminate();
      outcome();
    };
    const onMessage = (message: InputWorkerMessage) => finish(() => resolve(message), true);
    const onError = (error: Error & { code?: string }) =>
      finish(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' || error instanceof RangeError
          ? resolve('exhausted')
          : reject(error),
      );
    const onExit = (code: number) =>
      finish(() => reject(new Error(`The input worker stopped (exit code ${code}).`)));
    const timer = setTimeout(() => finish(() => resolve('exhausted')), timeoutMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}
