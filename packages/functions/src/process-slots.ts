import { availableParallelism } from 'node:os';
import { RunFailure } from './run-failure';

interface Waiter {
  grant: () => void;
}

/**
 * Bounds how many sandbox and SQLite processes run at once, so a burst of runs queues instead
 * of starting hundreds of processes; past a long queue, runs are refused. Runs belong to an
 * owner (a tenant): one owner never holds every slot, and a freed slot goes to the owners in
 * turn, so one tenant's endless functions cannot starve another tenant's runs.
 */
export class ProcessSlots {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly queues = new Map<string, Waiter[]>();
  /** Owners in the order they are served next (round robin). */
  private turn: string[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
    /** Slots one owner may hold at once: one fewer than all, so another owner always finds one. */
    readonly limitPerOwner = Math.max(1, limit - 1),
  ) {}

  /** Runs holding a slot and runs waiting for one (what an operator's health view or a test watches). */
  usage(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount() };
  }

  async run<T>(work: () => Promise<T>, signal: AbortSignal, owner = ''): Promise<T> {
    await this.acquire(signal, owner);
    try {
      return await work();
    } finally {
      this.release(owner);
    }
  }

  /** Runs without an owner ('') share one line and may use every slot. */
  private canStart(owner: string): boolean {
    if (this.running >= this.limit) return false;
    return owner === '' || (this.runningBy.get(owner) ?? 0) < this.limitPerOwner;
  }

  private start(owner: string): void {
    this.running++;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
  }

  private waitingCount(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  private acquire(signal: AbortSignal, owner: string): Promise<void> {
    if (this.canStart(owner) && !this.queues.get(owner)?.length) {
      this.start(owner);
      return Promise.resolve();
    }
    if (this.waitingCount() >= this.maxWaiting) {
      return Promise.reject(
        new RunFailure('The server is busy running other functions', 'Please try again shortly.'),
      );
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', giveUp);
          this.start(owner);
          resolve();
        },
      };
      const giveUp = () => {
        const queue = this.queues.get(owner) ?? [];
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        if (queue.length === 0) this.queues.delete(owner);
        reject(signal.reason ?? new Error('aborted'));
      };
      signal.addEventListener('abort', giveUp, { once: true });
      const queue = this.queues.get(owner);
      if (queue) queue.push(waiter);
      else this.queues.set(owner, [waiter]);
      if (!this.turn.includes(owner)) this.turn.push(owner);
    });
  }

  private release(owner: string): void {
    this.running--;
    const held = (this.runningBy.get(owner) ?? 1) - 1;
    if (held === 0) this.runningBy.delete(owner);
    else this.runningBy.set(owner, held);
    this.dispatch();
  }

  /** Grants free slots to waiting owners in turn; an owner served goes to the back of the line. */
  private dispatch(): void {
    let isGranted = true;
    while (isGranted && this.running < this.limit) {
      isGranted = false;
      for (const owner of this.turn) {
        const queue = this.queues.get(owner);
        if (!queue?.length) continue;
        if (!this.canStart(owner)) continue;
        const waiter = queue.shift() as Waiter;
        if (queue.length === 0) this.queues.delete(owner);
        this.turn = [
          ...this.turn.filter((other) => other !== owner),
          ...(this.queues.has(owner) ? [owner] : []),
        ];
        waiter.grant();
        isGranted = true;
        break;
      }
      this.turn = this.turn.filter((owner) => this.queues.has(owner));
    }
  }
}

export const processSlots = new ProcessSlots(Math.max(2, availableParallelism()), 200);
