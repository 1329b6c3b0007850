/**
 * Work that runs apart from the request that asked for it: now, later, again on failure, or
 * on a schedule. One interface, two implementations: in this process (the embedded default) and
 * BullMQ on Redis when REDIS_URL is set, where any process may run a job and a schedule fires
 * once per period for all processes together. `Catalogue` maps each job name to its payload.
 */
export interface EnqueueOptions {
  /** Wait this long before the first try. */
  delayMs?: number;
  /** A job with this id still waiting or running makes this one a no-op (no doubles). */
  jobId?: string;
}

export interface RepeatOptions {
  /** The schedule's name: one schedule per key, whichever process declares it. */
  key: string;
  everyMs: number;
}

/** What the queue calls: the app's job handlers (job-handlers.ts), read by name. */
export interface JobHandlers<Catalogue> {
  run<N extends keyof Catalogue & string>(name: N, payload: Catalogue[N]): Promise<void>;
  /** Tries in all and the wait before the second (doubling after). */
  retryOf(name: keyof Catalogue & string): { attempts: number; backoffMs: number };
  /** After the last try failed. */
  failed<N extends keyof Catalogue & string>(name: N, payload: Catalogue[N], error: unknown): Promise<void>;
}

export interface JobQueue<Catalogue> {
  /** Starts running jobs with these handlers; jobs enqueued before wait for it. */
  start(handlers: JobHandlers<Catalogue>): Promise<void>;
  enqueue<N extends keyof Catalogue & string>(
    name: N,
    payload: Catalogue[N],
    options?: EnqueueOptions,
  ): Promise<void>;
  repeat<N extends keyof Catalogue & string>(
    name: N,
    payload: Catalogue[N],
    options: RepeatOptions,
  ): Promise<void>;
  /** Stops the schedules, lets running jobs finish, and lets go of connections. */
  close(): Promise<void>;
}
