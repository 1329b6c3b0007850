import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { bullmqQueue } from './bullmq-queue';
import { inProcessQueue } from './in-process-queue';
import type { JobPayloads } from './job-payloads';
import type { JobQueue } from './job-queue';

export type AppJobQueue = JobQueue<JobPayloads>;

/**
 * In this process on the embedded default; BullMQ when REDIS_URL is set (next to how shared
 * state chooses). Processes of one installation share a database, so the queue's Redis prefix
 * is derived from it: two installations, or two test databases, on one Redis never share jobs.
 */
export function createJobQueue(config: Config, log: Logger): AppJobQueue {
  if (!config.redisUrl) return inProcessQueue<JobPayloads>();
  const database = config.databaseUrl ?? `sqlite:${config.dataDir}`;
  const prefix = `parley-${createHash('sha256').update(database).digest('hex').slice(0, 12)}`;
  return bullmqQueue<JobPayloads>(config.redisUrl, prefix, log);
}
