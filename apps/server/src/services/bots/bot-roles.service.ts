import {
  ACCOUNT_ADMIN_ROLE_ID,
  ALL_PERMISSION_IDS,
  AppError,
  type BotRoleAssignment,
  type BotRoleBody,
  isValidBotName,
  MESSAGES,
  notFound,
  Permission,
  type PermissionsData,
  permissionDenied,
  permissionLabel,
  type TenantRoleValue,
  type UniqueBotRoles,
  type UniqueRoles,
  type UsersForBot,
  validationError,
} from '@parley/contracts';
import { normaliseEmail } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { botNamed } from './bot-access.service';

const M = MESSAGES.admin;

/**
 * Account administrators, or whoever holds Manage bot permissions (3) on that bot; answers the
 * permissions the caller holds there (undefined: all of them).
 */
async function assertMayManageBotRoles(
  principal: Principal,
  botId: string,
): Promise<readonly number[] | undefined> {
  if (principal.isTenantAdmin) return undefined;
  const held = await principal.scope.botRoles.permissionsOn(principal.user.id, botId);
  if (!held.includes(Permission.ManageBotPermissions))
    throw permissionDenied(Permission.ManageBotPermissions);
  return held;
}

/** Nobody grants rights they do not hold: a role may carry only permissions its giver has on the bot. */
function assertGrantable(
  role: { permissions: readonly number[] },
  held: readonly number[] | undefined,
): void {
  if (!held) return;
  const missing = role.permissions.filter((permission) => !held.includes(permission));
  if (missing.length > 0) {
    throw new AppError('permission_error', M.roleExceedsOwnRights(missing.map(permissionLabel).join(', ')), {
      requiredPermission: missing[0],
      missingPermissions: missing,
    });
  }
}

/**
 * POST /api/user/role: a role on a bot of the selected tenant; a bot name with no bot is
 * 404 not-found_error (the name is in the body, so the guard cannot check it).
 */
export async function assignBotRole(
  ctx: AppContext,
  principal: Principal,
  body: BotRoleBody,
): Promise<BotRoleAssignment> {
  const { id: botId } = await botNamed(principal, body.botName);
  const held = await assertMayManageBotRoles(principal, botId);
  if (body.role === ACCOUNT_ADMIN_ROLE_ID) throw validationError('role', M.accountAdminRoleNotAssignable);
  const role = await principal.scope.roles.get(body.role);
  if (!role) throw validationError('role', M.roleNotFound);
  assertGrantable(role, held);
  const email = normaliseEmail(body.userEmail);
  if (!(await principal.scope.members.roleOf(email))) throw notFound('User not found in this tenant');
  await principal.scope.botRoles.set(email, botId, role.roleId);
  // What a bot role opens is decided again wherever it was cached (the websocket's topics).
  await ctx.principals.announce({ userIds: [email] });
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'bot-role.set',
    target: email,
    details: `${botId}: ${role.roleName}`,
  });
  return { userEmail: email, botId, roleId: role.roleId, role: role.roleName };
}

/** DELETE /api/users/{email}/roles/for-bot/{botName} (the guard has checked permission 3). */
export async function removeBotRole(
  ctx: AppContext,
  principal: Principal,
  rawEmail: string,
  botRef: BotRef,
): Promise<void> {
  if (!isValidBotName(botRef.name)) throw validationError('botName', MESSAGES.invalidBotName);
  const email = normaliseEmail(rawEmail);
  if (!(await principal.scope.members.roleOf(email))) throw notFound('User not found in this tenant');
  const botId = botRef.id;
  if (!(await principal.scope.botRoles.remove(email, botId)))
    throw notFound('This user has no role on this bot');
  await ctx.principals.announce({ userIds: [email] });
  await principal.scope.audit.record({
    actor: principal.user.id,
    action: 'bot-role.removed',
    target: email,
    details: botId,
  });
}

/**
 * GET /api/tenants/usersForBot/{tenantId}/{botId}: the selected tenant, or any tenant for a
 * master administrator; other tenants are not found (their existence is not revealed).
 */
export async function usersForBot(
  ctx: AppContext,
  principal: Principal,
  tenantId: string,
  botId: string,
): Promise<UsersForBot> {
  const isOwnTenant = tenantId === principal.tenantId;
  if (!isOwnTenant && !(principal.isMasterTenantAdmin && (await ctx.repos.tenants.get(tenantId))))
    throw notFound('Tenant not found');
  if (!botId.startsWith(`${tenantId}-`) || botId.length > 200) throw notFound('Bot not found in this tenant');
  if (!principal.isMasterTenantAdmin) await assertMayManageBotRoles(principal, botId);
  const scope = isOwnTenant ? principal.scope : ctx.repos.forTenant(tenantId);
  const [holders, members, roles] = await Promise.all([
    scope.botRoles.forBot(botId),
    scope.members.list(),
    scope.roles.list(),
  ]);
  const names = new Map(members.map((m) => [m.userId, m.name]));
  const roleNames = new Map(roles.map((r) => [r.roleId, r.roleName]));
  return holders.map((h) => ({
    id: h.userId,
    name: names.get(h.userId) ?? '',
    roleId: h.roleId,
    role: roleNames.get(h.roleId) ?? '',
  }));
}

/** GET /api/user/permissions/data: what the web app needs to decide what to show. */
export async function permissionsData(ctx: AppContext, principal: Principal): Promise<PermissionsData> {
  const [memberships, botRoles, roles] = await Promise.all([
    ctx.repos.users.memberships(principal.user.id),
    principal.scope.botRoles.forUser(principal.user.id),
    principal.scope.roles.list(),
  ]);
  const userTenantRoles: Record<string, TenantRoleValue> = {};
  for (const m of memberships) userTenantRoles[m.tenantId] = m.role;
  // Master administrators administer the selected tenant without being a member of it.
  userTenantRoles[principal.tenantId] = principal.tenantRole;
  const tenantRoles: Record<string, number[]> = { [ACCOUNT_ADMIN_ROLE_ID]: [...ALL_PERMISSION_IDS] };
  for (const role of roles) tenantRoles[role.roleId] = role.permissions;
  return {
    tenant: principal.tenantId,
    masterTenant: principal.masterTenantId ?? null,
    userTenantRoles,
    botRoles: Object.fromEntries(botRoles.map((b) => [b.botId, b.roleId])),
    tenantRoles,
  };
}

/** GET /api/user/unique-roles: each role that is assigned on some bot of the tenant, once. */
export async function uniqueRoles(principal: Principal): Promise<UniqueRoles> {
  const [assignments, roles] = await Promise.all([
    principal.scope.botRoles.all(),
    principal.scope.roles.list(),
  ]);
  const inUse = new Set(assignments.map((a) => a.roleId));
  return roles
    .filter((r) => inUse.has(r.roleId))
    .map((r) => ({ roleId: r.roleId, roleName: r.roleName, permissions: r.permissions }));
}

/** GET /api/user/unique/bot/roles: per bot of the tenant, the distinct role ids assigned on it. */
export async function uniqueBotRoles(principal: Principal): Promise<UniqueBotRoles> {
  const byBot = new Map<string, Set<number>>();
  for (const a of await principal.scope.botRoles.all()) {
    const set = byBot.get(a.botId) ?? new Set<number>();
    set.add(a.roleId);
    byBot.set(a.botId, set);
  }
  return [...byBot.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([botId, ids]) => ({ botId, roleIds: [...ids].sort((x, y) => x - y) }));
}
