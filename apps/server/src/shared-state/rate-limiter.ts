import { Redis } from 'ioredis';

/** Fixed-window counters shared by every process (login attempts and the like). */
export interface RateLimiter {
  /** Counts one hit atomically; returns the hits in the current window including this one. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Takes back one hit of the current window (a reserved attempt that turned out fine). */
  release(key: string): Promise<void>;
  /** Hits so far in the current window, without counting one. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** How often the in-process limiter drops windows that ended, so one-off keys cannot grow the map forever. */
const SWEEP_EVERY_MS = 60_000;

export function inProcessRateLimiter(now: () => number = Date.now): RateLimiter & { trackedKeys(): number } {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  let nextSweepAt = now() + SWEEP_EVERY_MS;
  const sweep = () => {
    const at = now();
    if (at < nextSweepAt) return;
    nextSweepAt = at + SWEEP_EVERY_MS;
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
  };
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async hit(key, windowSeconds) {
      sweep();
      const w = current(key) ?? { hits: 0, endsAt: now() + windowSeconds * 1000 };
      w.hits += 1;
      windows.set(key, w);
      return w.hits;
    },
    async release(key) {
      const w = current(key);
      if (w && w.hits > 0) w.hits -= 1;
    },
    async peek(key) {
      return current(key)?.hits ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
    trackedKeys: () => windows.size,
  };
}

/** DECR that never goes below zero nor creates a key (the window may have ended meanwhile). */
const RELEASE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

export function redisRateLimiter(url: string, prefix = 'parley:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, hits] = [null, 0]] =
        (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) ?? [];
      return Number(hits);
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
