import type { AdministeredUser, IdentityValue, MasterTenantUser, TenantRoleValue } from '@parley/contracts';
import { byNameThenId, notFound } from '@parley/contracts';
import type { Repositories } from '@parley/db';
import type { Principal } from '../../auth/principal';

/**
 * The Users tab's view of the selected tenant's members (spec 01 section 3 'Administered
 * user'). Account administrators see only their own tenant in tenantRoles; master
 * administrators see every membership, which their tenant-assignment dialog needs. Listed by
 * name in natural order (seat2 before seat10).
 */
export async function listTenantUsers(
  repos: Repositories,
  principal: Principal,
): Promise<AdministeredUser[]> {
  const [members, botRoles, roles, memberships] = await Promise.all([
    principal.scope.members.list(),
    principal.scope.botRoles.all(),
    principal.scope.roles.list(),
    principal.isMasterTenantAdmin ? repos.memberships.all() : Promise.resolve(undefined),
  ]);
  const roleNames = new Map(roles.map((r) => [r.roleId, r.roleName]));
  const users = members.map((member) => {
    const user: AdministeredUser = {
      id: member.userId,
      name: member.name,
      identity: member.identity as IdentityValue,
      botRoles: {},
      tenantRoles: {},
    };
    for (const b of botRoles.filter((b) => b.userId === member.userId)) {
      user.botRoles[b.botId] = { botId: b.botId, roleId: b.roleId, role: roleNames.get(b.roleId) ?? '' };
    }
    if (memberships) {
      for (const m of memberships.filter((m) => m.userId === member.userId))
        user.tenantRoles[m.tenantId] = m.role;
    } else {
      user.tenantRoles[principal.tenantId] = member.role;
    }
    return user;
  });
  return users.sort(byNameThenId);
}

export async function getTenantUser(
  repos: Repositories,
  principal: Principal,
  email: string,
): Promise<AdministeredUser> {
  const id = email.trim().toLowerCase();
  const user = (await listTenantUsers(repos, principal)).find((u) => u.id === id);
  if (!user) throw notFound('User not found in this tenant');
  return user;
}

/** Every account with all its memberships, by name in natural order: the master administrator's Users tab. */
export async function listAllUsers(repos: Repositories): Promise<MasterTenantUser[]> {
  const [users, memberships] = await Promise.all([repos.users.listAll(), repos.memberships.all()]);
  return users
    .map((u) => {
      const tenantRoles: Record<string, TenantRoleValue> = {};
      for (const m of memberships.filter((m) => m.userId === u.id)) tenantRoles[m.tenantId] = m.role;
      return { id: u.id, name: u.name, identity: u.identity, tenantRoles };
    })
    .sort(byNameThenId);
}
