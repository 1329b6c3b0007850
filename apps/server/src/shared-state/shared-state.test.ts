import { afterEach, describe, expect, test } from 'vitest';
import { inProcessPubSub, type PubSub, redisPubSub } from './pubsub';
import { inProcessRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: shared state is tested in-process only.');

const implementations: Array<[string, () => { pubsub: PubSub; limiter: RateLimiter }]> = [
  ['in-process', () => ({ pubsub: inProcessPubSub(), limiter: inProcessRateLimiter() })],
  ...(redisUrl
    ? [
        [
          'redis',
          () => ({
            pubsub: redisPubSub(redisUrl),
            limiter: redisRateLimiter(redisUrl, `parley:test:${crypto.randomUUID()}:`),
          }),
        ] as [string, () => { pubsub: PubSub; limiter: RateLimiter }],
      ]
    : []),
];

describe.each(implementations)('shared state (%s)', (_name, make) => {
  const opened: Array<{ pubsub: PubSub; limiter: RateLimiter }> = [];
  const open = () => {
    const parts = make();
    opened.push(parts);
    return parts;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).flatMap((p) => [p.pubsub.close(), p.limiter.close()]));
  });

  test('a subscriber receives what is published on its channel, and nothing after unsubscribing', async () => {
    const { pubsub } = open();
    const channel = `test:${crypto.randomUUID()}`;
    const received: unknown[] = [];
    const unsubscribe = await pubsub.subscribe(channel, ({ message }) => received.push(message));
    await pubsub.publish(channel, { type: 'hello', n: 1 });
    await pubsub.publish(`${channel}:other`, { type: 'not for us' });
    await expect.poll(() => received).toEqual([{ type: 'hello', n: 1 }]);
    await unsubscribe();
    await pubsub.publish(channel, { type: 'late' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([{ type: 'hello', n: 1 }]);
  });

  test('counts hits per key within a window and resets', async () => {
    const { limiter } = open();
    expect(await limiter.hit('a', 60)).toBe(1);
    expect(await limiter.hit('a', 60)).toBe(2);
    expect(await limiter.hit('b', 60)).toBe(1);
    expect(await limiter.peek('a')).toBe(2);
    await limiter.reset('a');
    expect(await limiter.peek('a')).toBe(0);
  });

  test('a released hit is taken back, never below zero', async () => {
    const { limiter } = open();
    await limiter.hit('r', 60);
    await limiter.hit('r', 60);
    await limiter.release('r');
    expect(await limiter.peek('r')).toBe(1);
    await limiter.release('r');
    await limiter.release('r');
    expect(await limiter.peek('r')).toBe(0);
    await limiter.release('never-hit');
    expect(await limiter.peek('never-hit')).toBe(0);
  });
});

test.runIf(!!redisUrl)('two Redis-backed processes see the same counters and events', async () => {
  const url = redisUrl as string;
  const prefix = `parley:test:${crypto.randomUUID()}:`;
  const [a, b] = [redisRateLimiter(url, prefix), redisRateLimiter(url, prefix)];
  const [pa, pb] = [redisPubSub(url), redisPubSub(url)];
  try {
    await a.hit('login:x', 60);
    await b.hit('login:x', 60);
    expect(await a.peek('login:x')).toBe(2);
    const received: unknown[] = [];
    const channel = `test:${crypto.randomUUID()}`;
    await pb.subscribe(channel, ({ message }) => received.push(message));
    await pa.publish(channel, { from: 'a' });
    await expect.poll(() => received).toEqual([{ from: 'a' }]);
  } finally {
    await Promise.all([a.close(), b.close(), pa.close(), pb.close()]);
  }
});

test('in-process windows expire', async () => {
  let now = 1_000;
  const limiter = inProcessRateLimiter(() => now);
  await limiter.hit('k', 10);
  now += 11_000;
  expect(await limiter.peek('k')).toBe(0);
  expect(await limiter.hit('k', 10)).toBe(1);
});

test('the in-process limiter forgets windows that ended, even of keys never seen again', async () => {
  let now = 1_000;
  const limiter = inProcessRateLimiter(() => now);
  for (let i = 0; i < 1_000; i++) await limiter.hit(`login:address:10.0.${i >> 8}.${i & 255}`, 10);
  expect(limiter.trackedKeys()).toBe(1_000);
  now += 120_000;
  await limiter.hit('login:address:other', 10);
  expect(limiter.trackedKeys()).toBe(1);
});
