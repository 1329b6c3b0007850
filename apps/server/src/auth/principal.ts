import { AppError } from '@parley/contracts';
import type { Repositories, TenantRole, TenantScope, User } from '@parley/db';

/** Who is calling, and in which tenant: resolved once per request by the guard. */
export interface Principal {
  user: User;
  sessionId: string;
  tenantId: string;
  /** The caller's own membership role in the selected tenant ('admin' for master administrators). */
  tenantRole: TenantRole;
  isMasterTenantAdmin: boolean;
  /** Administrator of the selected tenant: every permission on its bots. */
  isTenantAdmin: boolean;
  masterTenantId: string | undefined;
  /** Repositories bound to the selected tenant. */
  scope: TenantScope;
}

/** Tenants a user may select: their memberships, and every tenant for master administrators. */
export async function visibleTenantIds(
  repos: Repositories,
  userId: string,
): Promise<{
  ids: string[];
  roles: Map<string, TenantRole>;
  isMasterTenantAdmin: boolean;
  masterTenantId: string | undefined;
}> {
  const [memberships, master] = await Promise.all([
    repos.users.memberships(userId),
    repos.tenants.getMaster(),
  ]);
  const roles = new Map(memberships.map((m) => [m.tenantId, m.role]));
  const isMasterTenantAdmin = !!master && roles.get(master.id) === 'admin';
  const ids = isMasterTenantAdmin ? (await repos.tenants.list()).map((t) => t.id) : [...roles.keys()];
  return { ids, roles, isMasterTenantAdmin, masterTenantId: master?.id };
}

export async function resolvePrincipal(
  repos: Repositories,
  userId: string,
  sessionId: string,
): Promise<Principal> {
  const user = await repos.users.get(userId);
  if (!user) throw new AppError('user_not_found_code');
  const visible = await visibleTenantIds(repos, user.id);
  if (visible.ids.length === 0) throw new AppError('user_not_assigned_to_tenant_error');
  const tenantId =
    user.selectedTenantId && visible.ids.includes(user.selectedTenantId)
      ? user.selectedTenantId
      : (visible.ids[0] as string);
  const ownRole = visible.roles.get(tenantId);
  const isTenantAdmin = visible.isMasterTenantAdmin || ownRole === 'admin';
  return {
    user,
    sessionId,
    tenantId,
    tenantRole: isTenantAdmin ? 'admin' : (ownRole ?? 'user'),
    isMasterTenantAdmin: visible.isMasterTenantAdmin,
    isTenantAdmin,
    masterTenantId: visible.masterTenantId,
    scope: repos.forTenant(tenantId),
  };
}
