import { AppError, MESSAGES, type TenantInvitationView } from '@parley/contracts';
import { isoIn } from '@parley/db';
import type { Principal } from '../../auth/principal';
import { hashToken, randomToken } from '../../auth/tokens';
import type { AppContext } from '../../context';
import { assertSeatAvailable } from './seats';

const M = MESSAGES.admin;
/** How long an invitation link works. */
export const TENANT_INVITATION_TTL_MS = 7 * 24 * 3600_000;

// The same answer whatever is wrong, so a token tells nothing of other accounts.
const invalid = () => new AppError('not-found_error', M.invitationInvalid, {}, 404);

/**
 * An account administrator adds an address that already has an account (in another tenant, or
 * none any more): the account is not attached and nothing of it is shown. Its owner gets a link
 * to accept, per tenant to join, and joins only by accepting it signed in as that account.
 */
export async function inviteExistingAccount(
  ctx: AppContext,
  principal: Principal,
  email: string,
  tenantIds: readonly string[],
): Promise<void> {
  const links: string[] = [];
  for (const tenantId of tenantIds) {
    const token = randomToken();
    await ctx.repos.tenantInvitations.create({
      tokenHash: hashToken(token),
      tenantId,
      userId: email,
      invitedBy: principal.user.id,
      expiresAt: isoIn(TENANT_INVITATION_TTL_MS),
    });
    const tenant = await ctx.repos.tenants.get(tenantId);
    links.push(
      `${tenant?.displayName ?? tenantId}: ${ctx.config.publicUrl}/join?token=${encodeURIComponent(token)}`,
    );
    await ctx.repos
      .forTenant(tenantId)
      .audit.record({ actor: principal.user.id, action: 'user.invited', target: email });
  }
  try {
    await ctx.mailer.send({
      to: email,
      subject: 'You are invited to a Parley account',
      text: `Hello,\n\n${principal.user.name} (${principal.user.id}) invites you to work in Parley with them. Sign in with your account and accept (the link works for 7 days):\n\n${links.join('\n')}\n\nIf you do not want to join, ignore this mail.`,
    });
  } catch (error) {
    // The invitation exists either way; the outbox keeps the mail for the operator.
    ctx.log.error({ err: error, to: email }, 'invitation mail could not be delivered');
  }
}

/** An invitation the signed-in person may accept: theirs, unused and not expired; else 404. */
async function usableInvitation(ctx: AppContext, principal: Principal, token: string) {
  const invitation = await ctx.repos.tenantInvitations.findUsable(hashToken(token));
  if (!invitation || invitation.userId !== principal.user.id) throw invalid();
  return invitation;
}

/** GET /api/users/invitations/{token}: the tenant the link invites the caller to, and who invited. */
export async function viewInvitation(
  ctx: AppContext,
  principal: Principal,
  token: string,
): Promise<TenantInvitationView> {
  const invitation = await usableInvitation(ctx, principal, token);
  const tenant = await ctx.repos.tenants.get(invitation.tenantId);
  if (!tenant) throw invalid();
  return { tenantId: tenant.id, tenantName: tenant.displayName, invitedBy: invitation.invitedBy };
}

/**
 * POST /api/users/invitations/{token}/accept: the caller joins the tenant as a user (the seat
 * cap checked again under the tenant's lock) and works in it from now on.
 */
export async function acceptInvitation(
  ctx: AppContext,
  principal: Principal,
  token: string,
): Promise<{ selectedTenantId: string }> {
  const invitation = await usableInvitation(ctx, principal, token);
  const { tenantId } = invitation;
  await ctx.repos.transaction(async (repos) => {
    if (!(await repos.tenantInvitations.consume(hashToken(token)))) throw invalid();
    if (await repos.forTenant(tenantId).members.roleOf(principal.user.id)) return;
    await repos.tenants.lock(tenantId);
    await assertSeatAvailable(repos, tenantId);
    await repos.forTenant(tenantId).members.set(principal.user.id, 'user');
    await repos.users.update(principal.user.id, { selectedTenantId: tenantId });
    await repos
      .forTenant(tenantId)
      .audit.record({ actor: principal.user.id, action: 'user.joined', target: principal.user.id });
  });
  await ctx.principals.announce({ userIds: [principal.user.id] });
  return { selectedTenantId: tenantId };
}
