import {
  MESSAGES,
  notFound,
  type TenantSettingsBody,
  type TenantSummary,
  type TenantView,
  validationError,
} from '@parley/contracts';
import type { Tenant } from '@parley/db';
import type { Principal } from '../../auth/principal';
import { tenantBlobPrefix } from '../../blobs/blob-store';
import type { AppContext } from '../../context';
import { newSecretKey } from '../accounts/bootstrap.service';
import { listRoles } from './roles.service';
import { publishTenantChange } from './tenant-events.service';

export function toTenantSummary(t: Tenant): TenantSummary {
  return {
    id: t.id,
    name: t.name,
    displayName: t.displayName,
    email: t.email,
    planId: t.planId,
    isMaster: t.isMaster,
    isConfirmed: t.isConfirmed,
    isDisabled: t.isDisabled,
    hasPremiumChannels: t.hasPremiumChannels,
    hasPremiumEngines: t.hasPremiumEngines,
    createdAt: t.createdAt,
  };
}

async function selectedTenant(ctx: AppContext, principal: Principal): Promise<Tenant> {
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  if (!tenant) throw notFound('Tenant not found');
  return tenant;
}

/** GET /api/tenant: the selected tenant with its roles; the secret key only for its administrators. */
export async function tenantView(ctx: AppContext, principal: Principal): Promise<TenantView> {
  const tenant = await selectedTenant(ctx, principal);
  return {
    id: tenant.id,
    displayName: tenant.displayName,
    name: tenant.name,
    email: tenant.email,
    ...(principal.isTenantAdmin ? { secretKey: tenant.secretKey } : {}),
    planId: tenant.planId,
    roles: await listRoles(principal),
    hasPremiumChannels: tenant.hasPremiumChannels,
    hasPremiumEngines: tenant.hasPremiumEngines,
    isDisabled: tenant.isDisabled,
  };
}

export async function isTenantDisabled(ctx: AppContext, principal: Principal): Promise<boolean> {
  return (await selectedTenant(ctx, principal)).isDisabled;
}

/** PUT /api/tenant/settings (General tab). */
export async function updateTenantSettings(
  ctx: AppContext,
  principal: Principal,
  body: TenantSettingsBody,
): Promise<TenantView> {
  if (await ctx.repos.tenants.isNameTaken(body.displayName, principal.tenantId))
    throw validationError('displayName', MESSAGES.admin.tenantNameTaken);
  await ctx.repos.tenants.update(principal.tenantId, { displayName: body.displayName, email: body.email });
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'tenant.settings-changed',
    target: principal.tenantId,
    details: `displayName=${body.displayName} email=${body.email}`,
  });
  return tenantView(ctx, principal);
}

/** PATCH /api/tenant/secret-key: the old key stops working at once. */
export async function regenerateSecretKey(
  ctx: AppContext,
  principal: Principal,
): Promise<{ secretKey: string }> {
  const secretKey = newSecretKey();
  await ctx.repos.tenants.update(principal.tenantId, { secretKey });
  // The key itself never goes into the log.
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'tenant.secret-key-regenerated',
    target: principal.tenantId,
  });
  return { secretKey };
}

/**
 * DELETE /api/tenant?id= and /api/tenant/{id} (master administrators). The tenant goes with its
 * memberships, roles, bot roles and audit rows; accounts left without a tenant are deleted.
 * The master tenant can never be deleted.
 */
export async function deleteTenant(
  ctx: AppContext,
  principal: Principal,
  id: string | undefined,
): Promise<{ id: string }> {
  const tenantId = id ?? principal.tenantId;
  const tenant = await ctx.repos.tenants.get(tenantId);
  if (!tenant) throw notFound('Tenant not found');
  if (tenant.isMaster) throw validationError('id', MESSAGES.admin.masterTenantNotDeletable);
  const removedAccounts = await ctx.repos.transaction(async (repos) => {
    const formerMembers = await repos.tenantRemoval.remove(tenantId);
    if (!formerMembers) throw notFound('Tenant not found');
    const deleted = await repos.memberships.deleteOrphanUsers(formerMembers);
    // The tenant's own log is gone with it: the deletion is recorded in the master tenant's.
    if (principal.masterTenantId) {
      await repos.forTenant(principal.masterTenantId).audit.record({
        actor: principal.user.id,
        action: 'tenant.deleted',
        target: tenantId,
        details: `${tenant.displayName}; accounts deleted: ${deleted.length}`,
      });
    }
    return deleted;
  });
  await ctx.blobs.deletePrefix(tenantBlobPrefix(tenantId));
  ctx.log.info({ tenantId, removedAccounts: removedAccounts.length }, 'tenant deleted');
  await publishTenantChange(ctx, tenantId, 'deleted');
  return { id: tenantId };
}
