import { inProcessPubSub, type PubSub, redisPubSub } from './pubsub';
import { inProcessRateLimiter, type RateLimiter, redisRateLimiter } from './rate-limiter';

export type { PubSub } from './pubsub';
export type { RateLimiter } from './rate-limiter';

/** State several processes must agree on: in this process by default, in Redis when REDIS_URL is set. */
export interface SharedState {
  pubsub: PubSub;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export function createSharedState(redisUrl: string | undefined): SharedState {
  const pubsub = redisUrl ? redisPubSub(redisUrl) : inProcessPubSub();
  const rateLimiter = redisUrl ? redisRateLimiter(redisUrl) : inProcessRateLimiter();
  return {
    pubsub,
    rateLimiter,
    async close() {
      await Promise.all([pubsub.close(), rateLimiter.close()]);
    },
  };
}
