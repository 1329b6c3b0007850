import { Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { Logger } from 'pino';
import type { EnqueueOptions, JobHandlers, JobQueue, RepeatOptions } from './job-queue';

const QUEUE_NAME = 'jobs';
/** Jobs one process runs at once; the rest wait in Redis for this or another process. */
const CONCURRENCY = 4;

/**
 * Jobs in Redis with BullMQ: every process enqueues and works; a delayed or retried job runs in
 * whichever process is free; a schedule (job scheduler) fires once per period for all of them.
 * `prefix` keeps installations (and test databases) sharing a Redis apart.
 */
export function bullmqQueue<Catalogue>(redisUrl: string, prefix: string, log: Logger): JobQueue<Catalogue> {
  // BullMQ's blocking commands need a connection that retries without limit.
  const connection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection, prefix });
  let worker: Worker | undefined;
  let workerConnection: IORedis | undefined;
  let handlers: JobHandlers<Catalogue> | undefined;

  const jobOptions = (name: keyof Catalogue & string) => {
    const { attempts, backoffMs } = handlers?.retryOf(name) ?? { attempts: 1, backoffMs: 0 };
    return {
      attempts,
      backoff: { type: 'exponential' as const, delay: backoffMs },
      removeOnComplete: true,
      removeOnFail: 1000,
    };
  };

  return {
    async start(given) {
      handlers = given;
      workerConnection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
      worker = new Worker(
        QUEUE_NAME,
        async (job) =>
          given.run(job.name as keyof Catalogue & string, job.data as Catalogue[keyof Catalogue & string]),
        { connection: workerConnection, prefix, concurrency: CONCURRENCY },
      );
      worker.on('failed', (job, error) => {
        if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
        const name = job.name as keyof Catalogue & string;
        given.failed(name, job.data as Catalogue[typeof name], error).catch(() => undefined);
      });
      worker.on('error', (error) => log.warn({ err: error }, 'job worker error'));
      await worker.waitUntilReady();
    },
    async enqueue(name, payload, options: EnqueueOptions = {}) {
      await queue.add(name, payload, {
        ...jobOptions(name),
        ...(options.delayMs ? { delay: options.delayMs } : {}),
        ...(options.jobId ? { jobId: options.jobId } : {}),
      });
    },
    async repeat(name, payload, { key, everyMs }: RepeatOptions) {
      await queue.upsertJobScheduler(
        key,
        { every: everyMs },
        { name, data: payload, opts: jobOptions(name) },
      );
    },
    async close() {
      await worker?.close();
      await queue.close();
      workerConnection?.disconnect();
      connection.disconnect();
    },
  };
}
