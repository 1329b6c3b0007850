import { availableParallelism } from 'node:os';
import { RunFailure } from './run-failure';

/**
 * Bounds how many sandbox and SQLite processes run at once, so a burst of runs queues
 * instead of starting hundreds of processes; past a long queue, runs are refused.
 */
export class ProcessSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>, signal: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new RunFailure('The server is busy running other functions', 'Please try again shortly.'),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', giveUp);
        this.running++;
        resolve();
      };
      const giveUp = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason ?? new Error('aborted'));
      };
      signal.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(grant);
    });
  }

  private release() {
    this.running--;
    this.waiting.shift()?.();
  }
}

export const processSlots = new ProcessSlots(Math.max(2, availableParallelism()), 200);
