import { AppError } from '@parley/contracts';
import type { AppContext } from '../context';

const accountKeyFor = (email: string) => `login:account:${email}`;

/** Lifts a sign-in pause on an account whose owner proved themselves another way (a reset link). */
export async function clearLoginFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.shared.rateLimiter.reset(accountKeyFor(email));
}

/**
 * Failed password checks, counted per account and per client address in a shared fixed
 * window: sign-in and the change-password check draw from the same allowance, so neither
 * can be used to guess a password faster.
 */
export function loginAttempts(ctx: AppContext, email: string, clientAddress: string) {
  const { perAccount, perAddress, windowSeconds } = ctx.config.loginRateLimit;
  const accountKey = accountKeyFor(email);
  const addressKey = `login:address:${clientAddress}`;
  return {
    /** Throws 429 rate_limit_error when either counter is used up. */
    async assertAllowed(): Promise<void> {
      const [accountHits, addressHits] = await Promise.all([
        ctx.shared.rateLimiter.peek(accountKey),
        ctx.shared.rateLimiter.peek(addressKey),
      ]);
      if (accountHits >= perAccount || addressHits >= perAddress) {
        throw new AppError(
          'rate_limit_error',
          `Too many sign-in attempts. Please try again in ${Math.ceil(windowSeconds / 60)} minutes.`,
          { retryAfterSeconds: windowSeconds },
        );
      }
    },
    async recordFailure(): Promise<void> {
      await Promise.all([
        ctx.shared.rateLimiter.hit(accountKey, windowSeconds),
        ctx.shared.rateLimiter.hit(addressKey, windowSeconds),
      ]);
    },
    /** A proven password (or a completed reset) clears the account's counter. */
    async clearAccount(): Promise<void> {
      await ctx.shared.rateLimiter.reset(accountKey);
    },
  };
}
