import { Redis } from 'ioredis';

/** Fixed-window counters shared by every process (login attempts and the like). */
export interface RateLimiter {
  /** Counts one hit; returns the hits in the current window including this one. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** Hits so far in the current window, without counting one. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function inProcessRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { hits: number; endsAt: number }>();
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
      const w = current(key) ?? { hits: 0, endsAt: now() + windowSeconds * 1000 };
      w.hits += 1;
      windows.set(key, w);
      return w.hits;
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
  };
}

export function redisRateLimiter(url: string, prefix = 'parley:rl:'): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, hits] = [null, 0]] =
        (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) ?? [];
      return Number(hits);
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
