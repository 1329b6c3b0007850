import {
  ACCOUNT_ADMIN_ROLE_ID,
  ACCOUNT_ADMIN_ROLE_NAME,
  ALL_PERMISSION_IDS,
  isBuiltInRole,
  MESSAGES,
  notFound,
  type RoleView,
  type UpdateRolesBody,
  validationError,
} from '@parley/contracts';
import type { Role } from '@parley/db';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';

const M = MESSAGES.admin;

/** The virtual Account administrator role: every permission, never stored. */
export const accountAdminRole: RoleView = {
  roleId: ACCOUNT_ADMIN_ROLE_ID,
  roleName: ACCOUNT_ADMIN_ROLE_NAME,
  permissions: [...ALL_PERMISSION_IDS],
  isBuiltIn: true,
  isEditable: false,
  isDeletable: false,
};

export function toRoleView(role: Role): RoleView {
  const isBuiltIn = isBuiltInRole(role.roleId);
  return { ...role, isBuiltIn, isEditable: true, isDeletable: !isBuiltIn };
}

/** GET /api/tenant/roles: the stored roles after the virtual role 0. */
export async function listRoles(principal: Principal): Promise<RoleView[]> {
  const roles = await principal.scope.roles.list();
  return [accountAdminRole, ...roles.map(toRoleView)];
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function assertNameFree(roles: Role[], name: string, fieldName: string, exceptRoleId?: number): void {
  const taken =
    sameName(name, ACCOUNT_ADMIN_ROLE_NAME) ||
    roles.some((r) => r.roleId !== exceptRoleId && sameName(r.roleName, name));
  if (taken) throw validationError(fieldName, M.roleNameTaken);
}

async function existingRole(principal: Principal, roleId: number): Promise<Role> {
  if (roleId === ACCOUNT_ADMIN_ROLE_ID) throw validationError('roleId', M.accountAdminRoleNotEditable);
  const role = await principal.scope.roles.get(roleId);
  if (!role) throw notFound(M.roleNotFound);
  return role;
}

export async function createRole(principal: Principal, roleName: string): Promise<{ roleId: number }> {
  assertNameFree(await principal.scope.roles.list(), roleName, 'roleName');
  const role = await principal.scope.roles.create(roleName);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'role.created',
    target: String(role.roleId),
    details: roleName,
  });
  return { roleId: role.roleId };
}

/**
 * Replaces permission sets (and renames custom roles). Every role is checked before anything
 * is written, and all are written in one transaction: a bad entry changes nothing.
 */
export async function updateRoles(principal: Principal, body: UpdateRolesBody): Promise<RoleView[]> {
  const roles = await principal.scope.roles.list();
  const seen = new Set<number>();
  const updates: Role[] = [];
  body.roles.forEach((update, index) => {
    if (update.roleId === ACCOUNT_ADMIN_ROLE_ID)
      throw validationError(`roles.${index}.roleId`, M.accountAdminRoleNotEditable);
    const role = roles.find((r) => r.roleId === update.roleId);
    if (!role) throw validationError(`roles.${index}.roleId`, M.roleNotFound);
    if (seen.has(role.roleId)) throw validationError(`roles.${index}.roleId`, 'A role is listed twice.');
    seen.add(role.roleId);
    let roleName = role.roleName;
    if (update.roleName !== undefined && update.roleName !== role.roleName) {
      if (isBuiltInRole(role.roleId)) throw validationError(`roles.${index}.roleName`, M.builtInRoleRename);
      assertNameFree(roles, update.roleName, `roles.${index}.roleName`, role.roleId);
      roleName = update.roleName;
    }
    updates.push({ roleId: role.roleId, roleName, permissions: [...new Set(update.permissions)] });
  });
  await principal.scope.roles.replaceAll(updates);
  // The log records what changed: a Save of the whole grid names only the roles it altered.
  const sameSet = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
  const changed = updates.filter((update) => {
    const before = roles.find((role) => role.roleId === update.roleId);
    return !before || before.roleName !== update.roleName || !sameSet(before.permissions, update.permissions);
  });
  for (const update of changed) {
    await principal.scope.audit.record({
      actor: principal.user.id,
      action: 'role.changed',
      target: String(update.roleId),
      details: `${update.roleName}: ${update.permissions.join(' ')}`,
    });
  }
  return listRoles(principal);
}

export async function deleteRole(ctx: AppContext, principal: Principal, roleId: number): Promise<void> {
  if (isBuiltInRole(roleId)) throw validationError('roleId', M.builtInRole);
  const role = await existingRole(principal, roleId);
  await principal.scope.roles.delete(roleId);
  // Its holders lost their roles on bots: decisions cached on them are made again.
  await ctx.principals.announce({ tenantIds: [principal.tenantId] });
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'role.deleted',
    target: String(roleId),
    details: role.roleName,
  });
}

export async function addRolePermission(
  principal: Principal,
  roleId: number,
  permissionId: number,
): Promise<RoleView> {
  await existingRole(principal, roleId);
  await principal.scope.roles.addPermission(roleId, permissionId);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'role.permission-added',
    target: String(roleId),
    details: String(permissionId),
  });
  return toRoleView((await principal.scope.roles.get(roleId)) as Role);
}

export async function removeRolePermission(
  principal: Principal,
  roleId: number,
  permissionId: number,
): Promise<RoleView> {
  await existingRole(principal, roleId);
  await principal.scope.roles.removePermission(roleId, permissionId);
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'role.permission-removed',
    target: String(roleId),
    details: String(permissionId),
  });
  return toRoleView((await principal.scope.roles.get(roleId)) as Role);
}
