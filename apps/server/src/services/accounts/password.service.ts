import {
  type ChangePasswordResponse,
  MESSAGES,
  notFound,
  passwordResetPath,
  validationError,
} from '@parley/contracts';
import { isoIn, normaliseEmail } from '@parley/db';
import { clearLoginFailures, loginAttempts } from '../../auth/login-attempts';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import { hashToken, randomToken } from '../../auth/tokens';
import type { AppContext } from '../../context';

/**
 * Reset mails allowed per window: per account, so nobody can flood a mailbox, and per client
 * address, so nobody can flood many. Over the limit the request still answers 204 and sends nothing.
 */
export const RESET_MAIL_LIMITS = { perAccount: 3, perAddress: 20, windowSeconds: 3600 } as const;

const invalidResetLink = () => notFound(MESSAGES.reset.invalidLinkText);

/** A single-use reset token for an account; only its hash is stored. */
export async function createResetToken(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken();
  await ctx.repos.passwordResets.create({
    tokenHash: hashToken(token),
    userId,
    expiresAt: isoIn(ctx.config.passwordResetTtlMs),
  });
  return token;
}

export const resetLinkFor = (ctx: AppContext, token: string): string =>
  `${ctx.config.publicUrl}${passwordResetPath(token)}`;

/**
 * POST /api/user/password/reset-email. Decides, and stores the token, while the request
 * waits; returns the mail delivery for the caller to run in the background (undefined when
 * nothing is sent), so the answer is the same, after about the same time, whether or not the
 * account exists.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  emailInput: string,
  clientAddress: string,
): Promise<(() => Promise<void>) | undefined> {
  const email = normaliseEmail(emailInput);
  const { perAccount, perAddress, windowSeconds } = RESET_MAIL_LIMITS;
  // Every request counts, known account or not, so the counters reveal nothing either.
  const [accountHits, addressHits] = await Promise.all([
    ctx.shared.rateLimiter.hit(`password-reset:account:${email}`, windowSeconds),
    ctx.shared.rateLimiter.hit(`password-reset:address:${clientAddress}`, windowSeconds),
  ]);
  if (accountHits > perAccount || addressHits > perAddress) {
    ctx.log.warn({ clientAddress }, 'password reset mail not sent: rate limit reached');
    return undefined;
  }
  const user = await ctx.repos.users.get(email);
  if (user?.identity !== 'platform') return undefined;

  const token = await createResetToken(ctx, user.id);
  const minutes = Math.round(ctx.config.passwordResetTtlMs / 60_000);
  return () =>
    ctx.mailer.send({
      to: user.id,
      subject: 'Reset your Parley password',
      text:
        `Hello ${user.name},\n\nsomeone (hopefully you) asked to reset the password of your Parley account.` +
        ` Open this link within ${minutes} minutes to choose a new one:\n\n${resetLinkFor(ctx, token)}\n\n` +
        'The link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    });
}

/** GET /api/user/password/reset/{token}: resolves when the link is usable, else 404. */
export async function assertResetTokenUsable(ctx: AppContext, token: string): Promise<void> {
  if (!(await ctx.repos.passwordResets.findUsable(hashToken(token)))) throw invalidResetLink();
}

/**
 * POST /api/user/password/reset/{token}: sets the password and spends the token in one
 * transaction (of two concurrent requests exactly one wins), then signs the user out everywhere.
 */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<true> {
  const tokenHash = hashToken(token);
  const userId = await ctx.repos.passwordResets.findUsable(tokenHash);
  if (!userId) throw invalidResetLink();
  const passwordHash = await hashPassword(newPassword);

  await ctx.repos.transaction(async (repos) => {
    if (!(await repos.passwordResets.consume(tokenHash))) throw invalidResetLink();
    await repos.users.update(userId, { passwordHash });
    await repos.passwordResets.spendAllFor(userId);
    await repos.sessions.revokeAllForUser(userId);
  });
  await ctx.principals.announce({ userIds: [userId] });
  // Proving the mailbox is as good as a correct password: lift a sign-in pause on the account.
  await clearLoginFailures(ctx, userId);
  ctx.log.info({ userId }, 'password reset');
  return true;
}

/**
 * POST /api/user/password: after the current password is confirmed, a fresh reset link that
 * the web app opens, so the new password is chosen on the reset screen. Wrong guesses count
 * against the sign-in limit.
 */
export async function startPasswordChange(
  ctx: AppContext,
  principal: Principal,
  currentPassword: string,
  clientAddress: string,
): Promise<ChangePasswordResponse> {
  const { user } = principal;
  if (user.identity !== 'platform') {
    throw validationError('currentPassword', MESSAGES.changePassword.notPlatform);
  }
  const attempts = loginAttempts(ctx, user.id, clientAddress);
  await attempts.reserve();
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw validationError('currentPassword', MESSAGES.changePassword.wrongCurrent);
  }
  await attempts.succeeded();
  return { url: passwordResetPath(await createResetToken(ctx, user.id)) };
}
