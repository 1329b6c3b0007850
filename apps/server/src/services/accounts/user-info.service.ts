import { Permission, type UserInfo } from '@parley/contracts';
import type { Repositories } from '@parley/db';
import type { Principal } from '../../auth/principal';

/** GET /api/users/info: who the caller is and what the shell may show them. */
export async function buildUserInfo(repos: Repositories, principal: Principal): Promise<UserInfo> {
  const { user, tenantId } = principal;
  const memberships = await repos.users.memberships(user.id);
  const visibleIds = principal.isMasterTenantAdmin ? undefined : memberships.map((m) => m.tenantId);
  const tenants = visibleIds ? await repos.tenants.listByIds(visibleIds) : await repos.tenants.list();
  const selected = tenants.find((t) => t.id === tenantId);
  const plan = selected ? await repos.plans.get(selected.planId) : undefined;

  // Non-administrators see LLMs or the admin page only through what their bot roles allow.
  let heldPermissions = new Set<number>();
  if (!principal.isTenantAdmin) {
    const [botRoles, roles] = await Promise.all([
      principal.scope.botRoles.forUser(user.id),
      principal.scope.roles.list(),
    ]);
    const roleIds = new Set(botRoles.map((b) => b.roleId));
    heldPermissions = new Set(roles.filter((r) => roleIds.has(r.roleId)).flatMap((r) => r.permissions));
  }

  return {
    id: user.id,
    name: user.name,
    identity: user.identity,
    selectedTenantId: tenantId,
    selectedTenant: { displayName: selected?.displayName ?? '', planName: plan?.name ?? '' },
    visibleTenants: tenants.map((t) => ({ id: t.id, displayName: t.displayName })),
    hasMasterTenant: !!principal.masterTenantId,
    isMasterTenantAdmin: principal.isMasterTenantAdmin,
    isTenantAdmin: principal.isTenantAdmin,
    canSeeLLMs: principal.isTenantAdmin || heldPermissions.has(Permission.ManageBotLlms),
    canExportLLMs: principal.isTenantAdmin || heldPermissions.has(Permission.ExportBotLlms),
    canSeeAdminPage: principal.isTenantAdmin || heldPermissions.has(Permission.ManageBotPermissions),
    canAnswerHandovers: principal.isTenantAdmin || heldPermissions.has(Permission.AnswerHandovers),
    // Avatars are initials: Parley never sends users' e-mail hashes to a third-party avatar service.
    hasGravatar: false,
  };
}
