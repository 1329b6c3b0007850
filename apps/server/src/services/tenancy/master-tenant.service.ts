import type { MasterTenantInfo, TenantView } from '@parley/contracts';
import { notFound } from '@parley/contracts';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { createTenant } from '../accounts/bootstrap.service';
import { buildUserInfo } from '../accounts/user-info.service';
import { listAllUsers } from './administered-user.service';
import { accountAdminRole, toRoleView } from './roles.service';
import { toTenantSummary } from './tenant.service';
import { publishTenantChange } from './tenant-events.service';

/**
 * GET /api/master-tenant/info. Bots are counted per tenant; conversations have no table yet,
 * so interactions count 0 until that part lands (it then fills this map).
 */
export async function masterTenantInfo(ctx: AppContext, principal: Principal): Promise<MasterTenantInfo> {
  const [user, master, plans, tenants, users, botCounts] = await Promise.all([
    buildUserInfo(ctx.repos, principal),
    ctx.repos.tenants.getMaster(),
    ctx.repos.plans.list(),
    ctx.repos.tenants.list(),
    listAllUsers(ctx.repos),
    ctx.repos.botTotals.countPerTenant(),
  ]);
  if (!master) throw notFound('Master tenant not found');
  return {
    user,
    masterTenant: toTenantSummary(master),
    plans,
    tenants: tenants.map(toTenantSummary),
    users,
    bots: Object.fromEntries(tenants.map((t) => [t.id, botCounts[t.id] ?? 0])),
    interactions: Object.fromEntries(tenants.map((t) => [t.id, 0])),
  };
}

/** POST /api/tenants: a child tenant with the built-in roles; master administrators administer it. */
export async function createChildTenant(
  ctx: AppContext,
  principal: Principal,
  name: string,
): Promise<TenantView> {
  const tenant = await ctx.repos.transaction(async (repos) => {
    const created = await createTenant(repos, { name });
    const entry = { actor: principal.user.id, action: 'tenant.created', target: created.id, details: name };
    await repos.forTenant(created.id).audit.record(entry);
    if (principal.masterTenantId) await repos.forTenant(principal.masterTenantId).audit.record(entry);
    return created;
  });
  await publishTenantChange(ctx, tenant.id, 'created');
  const roles = await ctx.repos.forTenant(tenant.id).roles.list();
  return {
    id: tenant.id,
    displayName: tenant.displayName,
    name: tenant.name,
    email: tenant.email,
    secretKey: tenant.secretKey,
    planId: tenant.planId,
    roles: [accountAdminRole, ...roles.map(toRoleView)],
    hasPremiumChannels: tenant.hasPremiumChannels,
    hasPremiumEngines: tenant.hasPremiumEngines,
    isDisabled: tenant.isDisabled,
  };
}
