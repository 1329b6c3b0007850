import type { EnqueueOptions, JobHandlers, JobQueue, RepeatOptions } from './job-queue';

/**
 * Jobs in this process: timers that never keep it alive (unref) and never block it, retries
 * with doubling waits, a schedule per key. Enough for one process; several need Redis.
 */
export function inProcessQueue<Catalogue>(): JobQueue<Catalogue> {
  let handlers: JobHandlers<Catalogue> | undefined;
  let isClosed = false;
  const timers = new Set<NodeJS.Timeout>();
  const schedules = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  /** Ids of jobs waiting or running, for EnqueueOptions.jobId. */
  const pendingIds = new Set<string>();
  const waitingForStart: Array<() => void> = [];

  /**
   * Runs `work` once `ms` have passed by the wall clock: Node's timers may fire a millisecond
   * early against Date.now(), and a delayed job must never run before its time.
   */
  const later = (ms: number, work: () => void) => {
    const dueAt = Date.now() + ms;
    const wait = (remaining: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const left = dueAt - Date.now();
        if (left > 0) wait(left);
        else work();
      }, remaining);
      timer.unref();
      timers.add(timer);
    };
    wait(ms);
  };

  function attempt<N extends keyof Catalogue & string>(
    name: N,
    payload: Catalogue[N],
    tried: number,
    jobId?: string,
  ) {
    if (isClosed || !handlers) return;
    const current = handlers;
    const { attempts, backoffMs } = current.retryOf(name);
    const work: Promise<void> = current
      .run(name, payload)
      .then(
        () => {
          if (jobId) pendingIds.delete(jobId);
        },
        async (error: unknown) => {
          if (tried + 1 < attempts && !isClosed) {
            later(backoffMs * 2 ** tried, () => attempt(name, payload, tried + 1, jobId));
            return;
          }
          if (jobId) pendingIds.delete(jobId);
          await current.failed(name, payload, error).catch(() => undefined);
        },
      )
      .finally(() => running.delete(work));
    running.add(work);
  }

  const queue: JobQueue<Catalogue> = {
    async start(given) {
      handlers = given;
      for (const release of waitingForStart.splice(0)) release();
    },
    async enqueue(name, payload, options: EnqueueOptions = {}) {
      if (isClosed) return;
      const { jobId, delayMs = 0 } = options;
      if (jobId) {
        if (pendingIds.has(jobId)) return;
        pendingIds.add(jobId);
      }
      const begin = () => later(delayMs, () => attempt(name, payload, 0, jobId));
      if (handlers) begin();
      else waitingForStart.push(begin);
    },
    async repeat(name, payload, { key, everyMs }: RepeatOptions) {
      clearInterval(schedules.get(key));
      // A run still going when the next is due is not doubled (the schedule's key is its job id).
      const timer = setInterval(
        () => void queue.enqueue(name, payload, { jobId: `schedule:${key}` }),
        everyMs,
      );
      timer.unref();
      schedules.set(key, timer);
    },
    async close() {
      isClosed = true;
      for (const timer of schedules.values()) clearInterval(timer);
      for (const timer of timers) clearTimeout(timer);
      schedules.clear();
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
  return queue;
}
