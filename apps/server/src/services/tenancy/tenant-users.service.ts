import {
  type AddUserBody,
  type AddUserResponse,
  type AdministeredUser,
  adminRequired,
  type MasterTenantUser,
  MESSAGES,
  notFound,
  type TenantRolesBody,
  type TenantRoleValue,
  validationError,
} from '@parley/contracts';
import { isUniqueViolation, normaliseEmail, type Repositories } from '@parley/db';
import { hashPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { createResetToken, resetLinkFor } from '../accounts/password.service';
import { getTenantUser, listAllUsers } from './administered-user.service';
import { assertSeatAvailable } from './seats';
import { inviteExistingAccount } from './tenant-invitations.service';

const M = MESSAGES.admin;

/**
 * POST /api/users: a new platform account joins the selected tenant as a user. An address that
 * has an account already is invited instead (tenant-invitations.service.ts). Both answer alike,
 * in about the same time, so an administrator cannot learn whether an address has an account.
 */
export async function addUser(
  ctx: AppContext,
  principal: Principal,
  body: AddUserBody,
): Promise<AddUserResponse> {
  if (body.assignToMasterTenant && !principal.isMasterTenantAdmin)
    throw adminRequired('master tenant administrator');
  const email = normaliseEmail(body.email);
  if (await principal.scope.members.roleOf(email)) throw validationError('email', M.userExists);

  const tenantIds = [principal.tenantId];
  if (
    body.assignToMasterTenant &&
    principal.masterTenantId &&
    principal.masterTenantId !== principal.tenantId
  )
    tenantIds.push(principal.masterTenantId);
  const joining: string[] = [];
  for (const tenantId of tenantIds) {
    if (await ctx.repos.forTenant(tenantId).members.roleOf(email)) continue;
    await assertSeatAvailable(ctx.repos, tenantId);
    joining.push(tenantId);
  }

  // Hashed either way: an invitation answered sooner than an account is made would tell them apart.
  const passwordHash = await hashPassword(body.password);
  // An account that exists already is its owner's: it is invited, not attached, and nothing of it is shown.
  if (await ctx.repos.users.get(email)) {
    await inviteExistingAccount(ctx, principal, email, joining);
    return { email };
  }
  try {
    await ctx.repos.transaction(async (repos) => {
      await repos.users.create({
        id: email,
        name: body.name,
        identity: 'platform',
        passwordHash,
        selectedTenantId: principal.tenantId,
      });
      for (const tenantId of joining) {
        // Under the tenant's lock, so concurrent additions cannot pass the seat cap together.
        await repos.tenants.lock(tenantId);
        await assertSeatAvailable(repos, tenantId);
        await repos.forTenant(tenantId).members.set(email, 'user');
        await repos
          .forTenant(tenantId)
          .audit.record({ actor: principal.user.id, action: 'user.added', target: email });
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two admins adding the same person at once: the loser sees the same answer as a duplicate;
    // an account made elsewhere meanwhile is invited, as it would have been a moment later.
    if (await principal.scope.members.roleOf(email)) throw validationError('email', M.userExists);
    await inviteExistingAccount(ctx, principal, email, joining);
    return { email };
  }
  if (body.sendLoginData) await sendLoginData(ctx, email, body.name);
  return { email };
}

/**
 * Mails the new member where to sign in. A password never travels by mail: a new account gets
 * a link to choose its own (the password-reset link, valid PASSWORD_RESET_TTL_MINUTES).
 */
async function sendLoginData(ctx: AppContext, to: string, name: string) {
  const loginUrl = `${ctx.config.publicUrl}/login`;
  const credentials = `E-mail: ${to}\nChoose your password here: ${resetLinkFor(ctx, await createResetToken(ctx, to))}`;
  try {
    await ctx.mailer.send({
      to,
      subject: 'Your Parley login',
      text: `Hello ${name},\n\nyou have been added to Parley. Sign in at ${loginUrl}\n\n${credentials}`,
    });
  } catch (error) {
    // The account exists either way; the outbox keeps the mail for the operator.
    ctx.log.error({ err: error, to }, 'login data mail could not be delivered');
  }
}

async function assertKeepsAnAdmin(repos: Repositories, tenantId: string, fieldName: string): Promise<void> {
  if ((await repos.forTenant(tenantId).members.adminCount()) <= 1)
    throw validationError(fieldName, M.lastAdmin);
}

/** DELETE /api/users/{email}: leaves the selected tenant; an account with no tenant left is deleted. */
export async function removeUser(ctx: AppContext, principal: Principal, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  if (email === principal.user.id) throw validationError('email', M.ownRowNotDeletable);
  const role = await principal.scope.members.roleOf(email);
  if (!role) throw notFound('User not found in this tenant');
  if (role === 'admin') await assertKeepsAnAdmin(ctx.repos, principal.tenantId, 'email');
  await ctx.repos.transaction(async (repos) => {
    await repos.forTenant(principal.tenantId).members.remove(email);
    const deleted = await repos.memberships.deleteOrphanUsers([email]);
    await repos.forTenant(principal.tenantId).audit.record({
      actor: principal.user.id,
      action: 'user.removed',
      target: email,
      details: deleted.length > 0 ? 'account deleted' : '',
    });
  });
  await ctx.principals.announce({ userIds: [email] });
}

/** PUT /api/users/tenant-admin: toggles the Account Administrator flag in the selected tenant. */
export async function toggleTenantAdmin(
  ctx: AppContext,
  principal: Principal,
  rawEmail: string,
): Promise<AdministeredUser> {
  const email = normaliseEmail(rawEmail);
  const role = await principal.scope.members.roleOf(email);
  if (!role) throw notFound('User not found in this tenant');
  if (role === 'admin') await assertKeepsAnAdmin(ctx.repos, principal.tenantId, 'userEmail');
  const next: TenantRoleValue = role === 'admin' ? 'user' : 'admin';
  await principal.scope.members.set(email, next);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'user.admin-toggled',
    target: email,
    details: next,
  });
  await ctx.principals.announce({ userIds: [email] });
  return getTenantUser(ctx.repos, principal, email);
}

/**
 * PUT /api/users/tenant-roles (master administrators): assigns tenants, removes them (null) and
 * sets the per-tenant administrator flag; the master tenant's entry makes a master
 * administrator. Everything is checked first and written in one transaction.
 */
export async function setTenantRoles(
  ctx: AppContext,
  principal: Principal,
  body: TenantRolesBody,
): Promise<MasterTenantUser> {
  const email = normaliseEmail(body.userEmail);
  if (!(await ctx.repos.users.get(email))) throw notFound('User not found');
  const current = new Map((await ctx.repos.users.memberships(email)).map((m) => [m.tenantId, m.role]));
  const next = new Map(current);
  const changes: Array<{ tenantId: string; from: TenantRoleValue | undefined; to: TenantRoleValue | null }> =
    [];
  for (const [tenantId, role] of Object.entries(body.tenantRoles)) {
    const field = `tenantRoles.${tenantId}`;
    if (!(await ctx.repos.tenants.get(tenantId))) throw validationError(field, 'This tenant does not exist.');
    const from = current.get(tenantId);
    if ((from ?? null) === role) continue;
    if (from === 'admin') await assertKeepsAnAdmin(ctx.repos, tenantId, field);
    if (role === null) next.delete(tenantId);
    else {
      if (!from) await assertSeatAvailable(ctx.repos, tenantId);
      next.set(tenantId, role);
    }
    changes.push({ tenantId, from, to: role });
  }
  if (next.size === 0) throw validationError('tenantRoles', M.userNeedsATenant);

  await ctx.repos.transaction(async (repos) => {
    for (const change of changes) {
      const scope = repos.forTenant(change.tenantId);
      if (!change.from && change.to !== null) {
        await repos.tenants.lock(change.tenantId);
        await assertSeatAvailable(repos, change.tenantId);
      }
      if (change.to === null) await scope.members.remove(email);
      else await scope.members.set(email, change.to);
      await scope.audit.record({
        actor: principal.user.id,
        action: 'user.tenant-role-changed',
        target: email,
        details: `${change.from ?? 'none'} -> ${change.to ?? 'none'}`,
      });
    }
  });
  await ctx.principals.announce({ userIds: [email] });
  const user = (await listAllUsers(ctx.repos)).find((u) => u.id === email);
  if (!user) throw notFound('User not found');
  return user;
}
