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
 *
 * Each attempt takes its slot before the password is checked (an atomic increment), and a
 * right password gives the slot back. Checking first and counting after let a concurrent burst
 * through: all of it was checked against the same, not yet increased, count.
 */
export function loginAttempts(ctx: AppContext, email: string, clientAddress: string) {
  const { perAccount, perAddress, windowSeconds } = ctx.config.loginRateLimit;
  const accountKey = accountKeyFor(email);
  const addressKey = `login:address:${clientAddress}`;
  return {
    /** Counts this attempt as a failure until it succeeds; throws 429 rate_limit_error past either limit. */
    async reserve(): Promise<void> {
      const [accountHits, addressHits] = await Promise.all([
        ctx.shared.rateLimiter.hit(accountKey, windowSeconds),
        ctx.shared.rateLimiter.hit(addressKey, windowSeconds),
      ]);
      if (accountHits > perAccount || addressHits > perAddress) {
        throw new AppError(
          'rate_limit_error',
          `Too many sign-in attempts. Please try again in ${Math.ceil(windowSeconds / 60)} minutes.`,
          { retryAfterSeconds: windowSeconds },
        );
      }
    },
    /** A proven password (or a completed reset) clears the account's counter and gives back the address's slot. */
    async succeeded(): Promise<void> {
      await Promise.all([
        ctx.shared.rateLimiter.reset(accountKey),
        ctx.shared.rateLimiter.release(addressKey),
      ]);
    },
  };
}
