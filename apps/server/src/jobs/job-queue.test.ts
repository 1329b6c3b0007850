import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { pollUntil } from '../../test/support/poll-until';
import { bullmqQueue } from './bullmq-queue';
import { inProcessQueue } from './in-process-queue';
import type { JobHandlers, JobQueue } from './job-queue';

interface TestCatalogue {
  echo: { text: string };
  flaky: { failures: number; key: string };
  slow: { ms: number };
  tick: { schedule: string };
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: the job queue is tested in-process only.');
const silent = pino({ level: 'silent' });

const implementations: Array<[string, () => JobQueue<TestCatalogue>]> = [
  ['in-process', () => inProcessQueue<TestCatalogue>()],
];
// Each test gets its own prefix: schedules and jobs of earlier runs stay apart.
let prefix = `parley-test-${randomUUID()}`;
if (redisUrl)
  implementations.push(['BullMQ on Redis', () => bullmqQueue<TestCatalogue>(redisUrl, prefix, silent)]);

/** Records what ran; `flaky` fails its first `failures` tries (counted per key). */
function recorder() {
  const ran: Array<{ name: string; payload: unknown; at: number }> = [];
  const failed: Array<{ name: string; payload: unknown; message: string }> = [];
  const tries = new Map<string, number>();
  const handlers: JobHandlers<TestCatalogue> = {
    async run(name, payload) {
      ran.push({ name, payload, at: Date.now() });
      if (name === 'flaky') {
        const { failures, key } = payload as TestCatalogue['flaky'];
        const tried = (tries.get(key) ?? 0) + 1;
        tries.set(key, tried);
        if (tried <= failures) throw new Error(`try ${tried} failed`);
      }
      if (name === 'slow')
        await new Promise((resolve) => setTimeout(resolve, (payload as TestCatalogue['slow']).ms));
    },
    retryOf: (name) => (name === 'flaky' ? { attempts: 3, backoffMs: 50 } : { attempts: 1, backoffMs: 50 }),
    async failed(name, payload, error) {
      failed.push({ name, payload, message: (error as Error).message });
    },
  };
  return { ran, failed, handlers, runsOf: (name: string) => ran.filter((r) => r.name === name) };
}

describe.each(implementations)('the job queue (%s)', (kind, make) => {
  const open: JobQueue<TestCatalogue>[] = [];
  const queue = () => {
    const made = make();
    open.push(made);
    return made;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
    prefix = `parley-test-${randomUUID()}`;
  });

  it('runs an enqueued job with its payload, and a delayed one not before its time', async () => {
    const jobs = queue();
    const { handlers, runsOf } = recorder();
    await jobs.start(handlers);
    const enqueuedAt = Date.now();
    await jobs.enqueue('echo', { text: 'now' });
    await jobs.enqueue('echo', { text: 'later' }, { delayMs: 400 });
    const runs = await pollUntil(
      'both echo jobs',
      () => runsOf('echo'),
      (r) => r.length === 2,
    );
    expect(runs.map((r) => r.payload)).toEqual([{ text: 'now' }, { text: 'later' }]);
    expect((runs[1]?.at ?? 0) - enqueuedAt).toBeGreaterThanOrEqual(400);
  });

  it('retries a failing job with waits that double, and calls the failure hook only after the last try', async () => {
    const jobs = queue();
    const { handlers, runsOf, failed } = recorder();
    await jobs.start(handlers);
    await jobs.enqueue('flaky', { failures: 2, key: 'recovers' });
    const runs = await pollUntil(
      'three tries',
      () => runsOf('flaky'),
      (r) => r.length === 3,
    );
    // 50 ms before the second try, 100 ms before the third.
    expect((runs[2]?.at ?? 0) - (runs[0]?.at ?? 0)).toBeGreaterThanOrEqual(150);
    expect(failed).toEqual([]);

    await jobs.enqueue('flaky', { failures: 5, key: 'gives-up' });
    await pollUntil(
      'the failure hook',
      () => failed,
      (f) => f.length === 1,
    );
    expect(failed).toEqual([
      { name: 'flaky', payload: { failures: 5, key: 'gives-up' }, message: 'try 3 failed' },
    ]);
    expect(runsOf('flaky').filter((r) => (r.payload as { key: string }).key === 'gives-up')).toHaveLength(3);
  });

  it('does not double a job whose id is still waiting', async () => {
    const jobs = queue();
    const { handlers, runsOf } = recorder();
    await jobs.start(handlers);
    await jobs.enqueue('echo', { text: 'first' }, { jobId: 'one-of-a-kind', delayMs: 200 });
    await jobs.enqueue('echo', { text: 'second' }, { jobId: 'one-of-a-kind' });
    await jobs.enqueue('echo', { text: 'barrier' }, { delayMs: 400 });
    await pollUntil(
      'the barrier job',
      () => runsOf('echo'),
      (r) => r.some((run) => (run.payload as { text: string }).text === 'barrier'),
    );
    expect(runsOf('echo').map((r) => (r.payload as { text: string }).text)).toEqual(['first', 'barrier']);
  });

  it('runs a schedule once per period, however many processes declare it', async () => {
    const first = queue();
    const second = queue();
    const one = recorder();
    const other = recorder();
    await first.start(one.handlers);
    await second.start(other.handlers);
    const everyMs = 250;
    const startedAt = Date.now();
    await first.repeat('tick', { schedule: 'beat' }, { key: 'beat', everyMs });
    await second.repeat('tick', { schedule: 'beat' }, { key: 'beat', everyMs });
    const ticks = () => [...one.runsOf('tick'), ...other.runsOf('tick')];
    await pollUntil('four ticks', ticks, (t) => t.length >= 4, { timeoutMs: 5_000 });
    const periods = (Date.now() - startedAt) / everyMs;
    // Queues in this process share nothing: two of them are two schedules. On Redis they are one.
    const schedules = kind === 'in-process' ? 2 : 1;
    expect(ticks().length).toBeLessThanOrEqual(Math.ceil(periods + 1) * schedules);
  });

  it('close lets a running job finish and runs nothing after', async () => {
    const jobs = queue();
    const { handlers, runsOf } = recorder();
    await jobs.start(handlers);
    await jobs.enqueue('slow', { ms: 300 });
    await pollUntil(
      'the slow job to start',
      () => runsOf('slow'),
      (r) => r.length === 1,
    );
    const closing = Date.now();
    await jobs.close();
    expect(Date.now() - closing).toBeGreaterThanOrEqual(250);
  });
});
