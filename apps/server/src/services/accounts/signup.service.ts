import {
  AppError,
  MESSAGES,
  type SignupResult,
  type SignupUserData,
  validationError,
} from '@parley/contracts';
import { type Identity, isoIn, isUniqueViolation, normaliseEmail, type Repositories } from '@parley/db';
import { hashPassword } from '../../auth/passwords';
import { resolvePrincipal } from '../../auth/principal';
import { hashToken, randomToken } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { publishTenantChange } from '../tenancy/tenant-events.service';
import { createTenant } from './bootstrap.service';

const CONFIRMATION_TTL_MS = 7 * 24 * 3600_000;

/**
 * Confirmation mails sent again, per window: per account typed (nobody floods a mailbox) and per
 * client address (nobody floods many), as reset mails are limited. Over the limit the request
 * still answers 204 and sends nothing.
 */
export const CONFIRMATION_MAIL_LIMITS = { perAccount: 3, perAddress: 20, windowSeconds: 3600 } as const;

const invalidCode = () => validationError('invitationCode', MESSAGES.signup.invalidInvitationCode);

export interface NewAccount {
  email: string;
  name: string;
  organization: string;
  invitationCode: string;
  identity: Identity;
  /** Platform accounts: the argon2id hash of their password; directory accounts: null. */
  passwordHash: string | null;
  /** Directory accounts: the provider's subject, so later sign-ins find the account. */
  directorySubject?: string | null;
}

/**
 * Creates an account from an invitation code: the first administrator joins the master
 * tenant; any other code creates the organisation as a new tenant with the user as its
 * administrator. Codes are single use, and nothing is written when any step fails.
 * Password and directory sign-up both come here.
 */
export async function createAccount(
  ctx: AppContext,
  account: NewAccount,
): Promise<{ userId: string; tenantId: string; requiresConfirmation: boolean }> {
  const email = normaliseEmail(account.email);
  const code = account.invitationCode.trim();
  const name = account.name.trim();
  await assertInvitationUsable(ctx, code);
  if (await ctx.repos.users.get(email)) throw validationError('workEmail', MESSAGES.signup.emailTaken);

  const { tenantId, confirmationToken, requiresConfirmation, isNewTenant } = await ctx.repos
    .transaction(async (repos) => {
      const invitation = await repos.invitations.findUsable(code);
      if (!invitation || !(await repos.invitations.consume(code, email))) throw invalidCode();
      const isConfirmed = !invitation.requiresConfirmation;
      const tenant =
        invitation.kind === 'master-admin'
          ? await repos.tenants.getMaster()
          : await createTenant(
              repos,
              { name: account.organization.trim(), email, isConfirmed },
              'organization',
            );
      if (!tenant) throw invalidCode();
      // The very first administrator names the installation's organisation (it was 'Master').
      if (invitation.kind === 'master-admin' && (await repos.forTenant(tenant.id).members.count()) === 0) {
        if (await repos.tenants.isNameTaken(account.organization, tenant.id))
          throw validationError('organization', MESSAGES.admin.tenantNameTaken);
        await repos.tenants.update(tenant.id, { displayName: account.organization.trim() });
      }
      await repos.users.create({
        id: email,
        name,
        identity: account.identity,
        passwordHash: account.passwordHash,
        directorySubject: account.directorySubject ?? null,
        selectedTenantId: tenant.id,
      });
      await repos.forTenant(tenant.id).members.set(email, 'admin');
      await repos
        .forTenant(tenant.id)
        .audit.record({ actor: email, action: 'user.signed-up', target: email, details: account.identity });
      const token = isConfirmed ? undefined : await createConfirmationToken(repos, email, tenant.id);
      return {
        tenantId: tenant.id,
        confirmationToken: token,
        requiresConfirmation: !isConfirmed,
        isNewTenant: invitation.kind !== 'master-admin',
      };
    })
    .catch((error: unknown) => {
      // Two sign-ups for one address (or one directory account) at once: the second loses cleanly.
      if (isUniqueViolation(error)) throw validationError('workEmail', MESSAGES.signup.emailTaken);
      throw error;
    });

  if (isNewTenant) await publishTenantChange(ctx, tenantId, 'created');
  await sendSignupMail(ctx, email, name, confirmationToken).catch((error) =>
    ctx.log.error({ err: error, tenantId }, 'sign-up mail could not be sent'),
  );
  return { userId: email, tenantId, requiresConfirmation };
}

/** Fails with the sign-up form's message when a code is unknown, used or expired. */
export async function assertInvitationUsable(ctx: AppContext, code: string): Promise<void> {
  if (!(await ctx.repos.invitations.findUsable(code.trim()))) throw invalidCode();
}

/** POST /api/users/signup with the password identity; the screen says whether a mail must confirm it. */
export async function signUpWithPassword(ctx: AppContext, data: SignupUserData): Promise<SignupResult> {
  const { requiresConfirmation } = await createAccount(ctx, {
    email: data.workEmail,
    name: data.name,
    organization: data.organization,
    invitationCode: data.invitationCode,
    identity: 'platform',
    passwordHash: await hashPassword(data.password ?? ''),
  });
  return { identity: 'platform', message: MESSAGES.signup.accountCreated, requiresConfirmation };
}

/** A fresh single-use confirmation link of a tenant for one of its administrators; only its hash is stored. */
async function createConfirmationToken(
  repos: Repositories,
  userId: string,
  tenantId: string,
): Promise<string> {
  const token = randomToken();
  await repos.emailConfirmations.create({
    tokenHash: hashToken(token),
    userId,
    tenantId,
    expiresAt: isoIn(CONFIRMATION_TTL_MS),
  });
  return token;
}

/**
 * POST /api/users/confirmation-email: the sign-in of an unconfirmed account offers its
 * confirmation mail again. Decides, and stores a new link, while the request waits; returns the
 * delivery for the caller to run in the background (undefined when nothing is sent), so the answer
 * is the same whether or not the address has an account, or one to confirm. Earlier links stay
 * valid until they expire: the user may find the first mail after all.
 */
export async function requestConfirmationMail(
  ctx: AppContext,
  emailInput: string,
  clientAddress: string,
): Promise<(() => Promise<void>) | undefined> {
  const email = normaliseEmail(emailInput);
  const { perAccount, perAddress, windowSeconds } = CONFIRMATION_MAIL_LIMITS;
  // Every request counts, known account or not, so the counters reveal nothing either.
  const [accountHits, addressHits] = await Promise.all([
    ctx.shared.rateLimiter.hit(`confirmation-mail:account:${email}`, windowSeconds),
    ctx.shared.rateLimiter.hit(`confirmation-mail:address:${clientAddress}`, windowSeconds),
  ]);
  if (accountHits > perAccount || addressHits > perAddress) {
    ctx.log.warn({ clientAddress }, 'confirmation mail not sent: rate limit reached');
    return undefined;
  }
  const user = await ctx.repos.users.get(email);
  if (!user) return undefined;
  // The tenant the sign-in opens is the one it found unconfirmed; only its administrators confirm it.
  const principal = await resolvePrincipal(ctx.repos, user.id, 'confirmation-mail').catch(
    (error: unknown) => {
      if (error instanceof AppError) return undefined;
      throw error;
    },
  );
  if (!principal?.isTenantAdmin) return undefined;
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  if (!tenant || tenant.isConfirmed) return undefined;
  const token = await createConfirmationToken(ctx.repos, user.id, tenant.id);
  return () => sendSignupMail(ctx, user.id, user.name, token);
}

async function sendSignupMail(
  ctx: AppContext,
  to: string,
  name: string,
  confirmationToken: string | undefined,
) {
  const { publicUrl } = ctx.config;
  const text = confirmationToken
    ? `Hello ${name},\n\nplease confirm your Parley account by opening this link:\n\n${publicUrl}/api/users/confirm/${confirmationToken}\n\nThe link is valid for 7 days.`
    : `Hello ${name},\n\nyour Parley account is ready. Sign in at ${publicUrl}/login with ${to}.`;
  await ctx.mailer.send({
    to,
    subject: confirmationToken ? 'Confirm your Parley account' : 'Welcome to Parley',
    text,
  });
}

/** The link in the confirmation mail: confirms the tenant; false when the link is used or unknown. */
export async function confirmTenantEmail(ctx: AppContext, token: string): Promise<boolean> {
  const confirmed = await ctx.repos.emailConfirmations.consume(hashToken(token));
  if (!confirmed) return false;
  await ctx.repos.tenants.update(confirmed.tenantId, { isConfirmed: true });
  await ctx.repos
    .forTenant(confirmed.tenantId)
    .audit.record({ actor: confirmed.userId, action: 'tenant.confirmed', target: confirmed.tenantId });
  return true;
}
