import { ACCOUNT_ADMIN_ROLE_ID, ALL_PERMISSION_IDS, MESSAGES, Permission } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, type Call, expectStatus } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const M = MESSAGES.admin;

describe.each(testDatabases())('roles and bot roles on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  type Own = Awaited<ReturnType<typeof ownWorld>>;

  /**
   * A tenant B of the test's own with Support Bot and Sales (bot roles are given on bots that
   * exist); admin is Bea, its account administrator, user Pat, its plain user.
   */
  async function ownWorld() {
    const world = await buildOwnAdminWorld(server, base);
    const admin = as(server, world.tenantAdmin);
    await createBot(admin, 'Support Bot');
    await createBot(admin, 'Sales');
    const own: {
      world: AdminWorld;
      admin: Call;
      user: Call;
      roles(): Promise<Array<Record<string, unknown>>>;
      storedRoles(): ReturnType<ReturnType<TestServer['ctx']['repos']['forTenant']>['roles']['list']>;
    } = {
      world,
      admin,
      user: as(server, world.plainUser),
      roles: async () => (await admin('GET', '/api/tenant/roles')).json() as Array<Record<string, unknown>>,
      storedRoles: () => server.ctx.repos.forTenant(world.tenantB).roles.list(),
    };
    return own;
  }

  /** The tenant's first custom role, 100: made as Reviewer, renamed Senior reviewer with these permissions. */
  async function seniorReviewer(own: Own, permissions: number[]): Promise<void> {
    expect(
      expectStatus(await own.admin('POST', '/api/tenant/roles', { roleName: 'Reviewer' }), 201).json(),
    ).toEqual({ roleId: 100 });
    expectStatus(
      await own.admin('PUT', '/api/tenant/roles', {
        roles: [{ roleId: 100, roleName: 'Senior reviewer', permissions }],
      }),
      201,
    );
  }

  /** Role 100 as the single-permission test leaves it: Manage bot permissions and See conversation log. */
  const REVIEWER_PERMISSIONS = [Permission.ManageBotPermissions, Permission.SeeConversationLog];

  const giveRole = async (own: Own, userEmail: string, botName: string, role: number) =>
    expectStatus(await own.admin('POST', '/api/user/role', { userEmail, botName, role }), 200);

  test('the list starts with the virtual Account administrator, then the built-ins', async () => {
    const { user, roles } = await ownWorld();
    const list = await roles();
    expect(list[0]).toEqual({
      roleId: ACCOUNT_ADMIN_ROLE_ID,
      roleName: 'Account administrator',
      permissions: [...ALL_PERMISSION_IDS],
      isBuiltIn: true,
      isEditable: false,
      isDeletable: false,
    });
    expect(list.slice(1).map((r) => [r.roleName, r.isBuiltIn, r.isDeletable])).toEqual([
      ['Designer', true, false],
      ['Contributor', true, false],
      ['Maintainer', true, false],
      ['Administrator', true, false],
    ]);
    // Plain users read them too: the bot role dialog lists them.
    expect((await user('GET', '/api/tenant/roles')).json()).toEqual(list);
  });

  test('creating a role answers 201 with its id; empty and duplicate names are refused', async () => {
    const { admin, roles, storedRoles } = await ownWorld();
    const created = await admin('POST', '/api/tenant/roles', { roleName: 'Reviewer' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ roleId: 100 });
    expect(await roles()).toContainEqual(
      expect.objectContaining({ roleId: 100, roleName: 'Reviewer', permissions: [], isDeletable: true }),
    );

    const before = await storedRoles();
    for (const [body, message] of [
      [{ roleName: '   ' }, M.roleNameRequired],
      [{}, M.roleNameRequired],
      [undefined, M.roleNameRequired],
      [{ roleName: 12 }, M.roleNameRequired],
      [{ roleName: 'x'.repeat(51) }, 'A role name has at most 50 characters.'],
      [{ roleName: 'reviewer' }, M.roleNameTaken],
      [{ roleName: 'Designer' }, M.roleNameTaken],
      [{ roleName: 'Account administrator' }, M.roleNameTaken],
    ] as const) {
      const response = await admin('POST', '/api/tenant/roles', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation_error', fieldName: 'roleName', message });
    }
    expect(await storedRoles()).toEqual(before);
  });

  test('PUT replaces permission sets (201) and renames custom roles', async () => {
    const { admin, storedRoles } = await ownWorld();
    expectStatus(await admin('POST', '/api/tenant/roles', { roleName: 'Reviewer' }), 201);
    const response = await admin('PUT', '/api/tenant/roles', {
      roles: [
        {
          roleId: 100,
          roleName: 'Senior reviewer',
          permissions: [Permission.SeeConversationLog, Permission.TestBot],
        },
        { roleId: 1, permissions: [Permission.ManageFlows] },
      ],
    });
    expect(response.statusCode).toBe(201);
    const stored = await storedRoles();
    expect(stored.find((r) => r.roleId === 100)).toEqual({
      roleId: 100,
      roleName: 'Senior reviewer',
      permissions: [Permission.SeeConversationLog, Permission.TestBot],
    });
    expect(stored.find((r) => r.roleId === 1)).toEqual({
      roleId: 1,
      roleName: 'Designer',
      permissions: [Permission.ManageFlows],
    });
  });

  test('a Save of every role writes an audit entry only for the roles it changed', async () => {
    const { admin } = await ownWorld();
    const auditRows = async () =>
      (await admin('GET', '/api/tenant/audit-log')).body
        .split('\n')
        .filter((line) => line.includes('role.changed'));
    const before = await auditRows();
    const roles = (await admin('GET', '/api/tenant/roles')).json() as Array<{
      roleId: number;
      permissions: number[];
    }>;
    const editable = roles.filter((role) => role.roleId !== 0);
    const [first] = editable;
    if (!first) throw new Error('an editable role expected');
    const body = {
      roles: editable.map((role) =>
        role.roleId === first.roleId
          ? { roleId: role.roleId, permissions: [...role.permissions, Permission.ExportBots] }
          : { roleId: role.roleId, permissions: role.permissions },
      ),
    };
    expectStatus(await admin('PUT', '/api/tenant/roles', body), 201);
    const added = (await auditRows()).slice(before.length);
    expect(added).toHaveLength(1);
  });

  test.each([
    ['role 0', { roles: [{ roleId: 0, permissions: [] }] }, 'roles.0.roleId', M.accountAdminRoleNotEditable],
    [
      'an unknown permission',
      { roles: [{ roleId: 100, permissions: [1, 4] }] },
      'roles.0.permissions.1',
      M.unknownPermission,
    ],
    [
      'an unknown role',
      {
        roles: [
          { roleId: 100, permissions: [1] },
          { roleId: 555, permissions: [1] },
        ],
      },
      'roles.1.roleId',
      M.roleNotFound,
    ],
    [
      'renaming a built-in role',
      { roles: [{ roleId: 2, roleName: 'Helper', permissions: [1] }] },
      'roles.0.roleName',
      M.builtInRoleRename,
    ],
    [
      'a taken name',
      { roles: [{ roleId: 100, roleName: 'maintainer', permissions: [1] }] },
      'roles.0.roleName',
      M.roleNameTaken,
    ],
    ['a missing list', {}, 'roles', 'roles must be a list of roles.'],
    [
      'permissions of the wrong type',
      { roles: [{ roleId: 100, permissions: 'all' }] },
      'roles.0.permissions',
      'permissions must be a list of permission ids.',
    ],
  ])('PUT with %s changes nothing', async (_name, body, fieldName, message) => {
    const own = await ownWorld();
    const { admin, storedRoles } = own;
    await seniorReviewer(own, [Permission.SeeConversationLog, Permission.TestBot]);
    const before = await storedRoles();
    const response = await admin('PUT', '/api/tenant/roles', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', fieldName, message });
    expect(await storedRoles()).toEqual(before);
  });

  test('single permissions are added and removed', async () => {
    const own = await ownWorld();
    const { admin, storedRoles } = own;
    await seniorReviewer(own, [Permission.SeeConversationLog, Permission.TestBot]);
    const added = await admin('POST', '/api/tenant/roles/100/permissions', {
      roleId: 100,
      permissionId: Permission.ManageBotPermissions,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().permissions).toContain(Permission.ManageBotPermissions);
    const removed = await admin('DELETE', `/api/tenant/roles/100/permissions/${Permission.TestBot}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().permissions).toEqual([
      Permission.ManageBotPermissions,
      Permission.SeeConversationLog,
    ]);

    const before = await storedRoles();
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/api/tenant/roles/100/permissions', { permissionId: 4 }, 400],
      ['POST', '/api/tenant/roles/100/permissions', { permissionId: '3' }, 400],
      ['POST', '/api/tenant/roles/100/permissions', { roleId: 1, permissionId: 3 }, 400],
      ['POST', '/api/tenant/roles/0/permissions', { permissionId: 3 }, 400],
      ['POST', '/api/tenant/roles/abc/permissions', { permissionId: 3 }, 400],
      ['POST', '/api/tenant/roles/777/permissions', { permissionId: 3 }, 404],
      ['DELETE', '/api/tenant/roles/0/permissions/3', undefined, 400],
      ['DELETE', '/api/tenant/roles/100/permissions/x', undefined, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const response = await admin(method as 'POST', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(status);
    }
    expect(await storedRoles()).toEqual(before);
  });

  test('bot roles: a non-admin with Manage bot permissions on a bot may assign roles on that bot only', async () => {
    const own = await ownWorld();
    const { world, admin, user } = own;
    await seniorReviewer(own, REVIEWER_PERMISSIONS);
    const assign = (call: Call, body: unknown) => call('POST', '/api/user/role', body);
    // Without any role Pat may not.
    const refused = await assign(user, {
      userEmail: world.plainUser.email,
      botName: 'Support Bot',
      role: 100,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'permission_error', requiredPermission: 3 });

    // Bea gives Pat role 100 (which now holds permission 3) on Support Bot.
    const given = await assign(admin, {
      userEmail: world.plainUser.email,
      botName: 'Support Bot',
      role: 100,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toEqual({
      userEmail: world.plainUser.email,
      botId: `${world.tenantB}-support-bot`,
      roleId: 100,
      role: 'Senior reviewer',
    });
    // Pat may now assign on Support Bot, not on another bot.
    expectStatus(
      await assign(user, { userEmail: world.tenantAdmin.email, botName: 'support bot', role: 100 }),
      200,
    );
    expect(
      (await assign(user, { userEmail: world.tenantAdmin.email, botName: 'Sales', role: 100 })).statusCode,
    ).toBe(403);

    // Nobody grants rights they do not hold: not to themselves, not to anyone.
    for (const [email, role] of [
      [world.plainUser.email, 4],
      [world.tenantAdmin.email, 2],
    ] as const) {
      const beyond = await assign(user, { userEmail: email, botName: 'Support Bot', role });
      expect(beyond.statusCode).toBe(403);
      expect(beyond.json()).toMatchObject({ code: 'permission_error' });
      expect(beyond.json().message).toContain('You cannot give a role with permissions you do not hold');
    }
    // An account administrator holds every right, so may give any role.
    expectStatus(
      await assign(admin, { userEmail: world.tenantAdmin.email, botName: 'Support Bot', role: 2 }),
      200,
    );

    const person = (await admin('GET', `/api/tenant/users/${world.plainUser.email}`)).json();
    expect(person.botRoles).toEqual({
      [`${world.tenantB}-support-bot`]: {
        botId: `${world.tenantB}-support-bot`,
        roleId: 100,
        role: 'Senior reviewer',
      },
    });
  });

  test.each([
    ['role 0', { role: 0 }, 'role', M.accountAdminRoleNotAssignable, 400],
    ['an unknown role', { role: 999 }, 'role', M.roleNotFound, 400],
    ['a role of the wrong type', { role: 'Designer' }, 'role', 'role must be a role id.', 400],
    ['an invalid bot name', { botName: 'bad/name!' }, 'botName', MESSAGES.invalidBotName, 400],
    ['a too long bot name', { botName: 'b'.repeat(51) }, 'botName', MESSAGES.invalidBotName, 400],
    ['an invalid e-mail', { userEmail: 'nope' }, 'userEmail', M.invalidUserEmail, 400],
  ])('assigning a bot role with %s changes nothing', async (_name, patch, fieldName, message, status) => {
    const { world, admin } = await ownWorld();
    const before = await server.ctx.repos.forTenant(world.tenantB).botRoles.all();
    const response = await admin('POST', '/api/user/role', {
      userEmail: world.plainUser.email,
      botName: 'Support Bot',
      role: 2,
      ...patch,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ code: 'validation_error', fieldName, message });
    expect(await server.ctx.repos.forTenant(world.tenantB).botRoles.all()).toEqual(before);
  });

  test('a bot role on a bot name with no bot is not found and changes nothing', async () => {
    const { world, admin } = await ownWorld();
    const before = await server.ctx.repos.forTenant(world.tenantB).botRoles.all();
    const response = await admin('POST', '/api/user/role', {
      userEmail: world.plainUser.email,
      botName: 'Ghost Bot',
      role: 2,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not-found_error' });
    expect(await server.ctx.repos.forTenant(world.tenantB).botRoles.all()).toEqual(before);
  });

  test('a bot role for someone outside the tenant is not found', async () => {
    const { world, admin } = await ownWorld();
    const response = await admin('POST', '/api/user/role', {
      userEmail: world.master.email,
      botName: 'Support Bot',
      role: 2,
    });
    expect(response.statusCode).toBe(404);
  });

  test('users for a bot, permissions data and the unique roles', async () => {
    const own = await ownWorld();
    const { world, admin, user } = own;
    // As the bot roles test leaves them: Pat Senior reviewer (100) and Bea Contributor (2) on Support Bot.
    await seniorReviewer(own, REVIEWER_PERMISSIONS);
    await giveRole(own, world.plainUser.email, 'Support Bot', 100);
    await giveRole(own, world.tenantAdmin.email, 'Support Bot', 2);
    const botId = `${world.tenantB}-support-bot`;
    const forBot = await user('GET', `/api/tenants/usersForBot/${world.tenantB}/${botId}`);
    expect(forBot.json()).toEqual([
      { id: world.tenantAdmin.email, name: 'Bea_Admin', roleId: 2, role: 'Contributor' },
      { id: world.plainUser.email, name: 'Pat_User', roleId: 100, role: 'Senior reviewer' },
    ]);
    // Without permission 3 on that bot, or for another tenant's ids: refused / not found.
    expect(
      (await user('GET', `/api/tenants/usersForBot/${world.tenantB}/${world.tenantB}-sales`)).statusCode,
    ).toBe(403);
    expect(
      (await admin('GET', `/api/tenants/usersForBot/${world.masterTenantId}/${world.masterTenantId}-x`))
        .statusCode,
    ).toBe(404);
    expect((await admin('GET', `/api/tenants/usersForBot/${world.tenantB}/othertenant-x`)).statusCode).toBe(
      404,
    );
    // A master administrator may look into any tenant.
    expect(
      (await as(server, world.master)('GET', `/api/tenants/usersForBot/${world.tenantB}/${botId}`)).json(),
    ).toHaveLength(2);

    const data = (await user('GET', '/api/user/permissions/data')).json();
    expect(data).toMatchObject({
      tenant: world.tenantB,
      masterTenant: world.masterTenantId,
      userTenantRoles: { [world.tenantB]: 'user' },
      botRoles: { [botId]: 100 },
    });
    expect(data.tenantRoles['0']).toEqual([...ALL_PERMISSION_IDS]);
    expect(data.tenantRoles['100']).toEqual([Permission.ManageBotPermissions, Permission.SeeConversationLog]);

    expect((await user('GET', '/api/user/unique-roles')).json()).toEqual([
      expect.objectContaining({ roleId: 2, roleName: 'Contributor' }),
      { roleId: 100, roleName: 'Senior reviewer', permissions: [3, 6] },
    ]);
    expect((await user('GET', '/api/user/unique/bot/roles')).json()).toEqual([{ botId, roleIds: [2, 100] }]);
  });

  test('removing a bot role answers 204; a second time 404; without permission 3 it is refused', async () => {
    const own = await ownWorld();
    const { world, admin, user } = own;
    await seniorReviewer(own, REVIEWER_PERMISSIONS);
    await giveRole(own, world.plainUser.email, 'Support Bot', 100);
    await giveRole(own, world.tenantAdmin.email, 'Support Bot', 2);
    await giveRole(own, world.tenantAdmin.email, 'Sales', 2);
    const url = `/api/users/${world.tenantAdmin.email}/roles/for-bot/Support%20Bot`;
    expect((await user('DELETE', url)).statusCode).toBe(204);
    expect((await user('DELETE', url)).statusCode).toBe(404);
    expect(
      (await user('DELETE', `/api/users/${world.tenantAdmin.email}/roles/for-bot/Sales`)).statusCode,
    ).toBe(403);
    expect(
      (await admin('DELETE', `/api/users/${world.plainUser.email}/roles/for-bot/bad!name`)).statusCode,
    ).toBe(400);
  });

  test('deleting roles: built-ins refused, custom ones go with their assignments', async () => {
    const own = await ownWorld();
    const { world, admin, storedRoles } = own;
    await seniorReviewer(own, REVIEWER_PERMISSIONS);
    await giveRole(own, world.plainUser.email, 'Support Bot', 100);
    await giveRole(own, world.tenantAdmin.email, 'Sales', 100);
    expect(await server.ctx.repos.forTenant(world.tenantB).botRoles.all()).toHaveLength(2);
    for (const roleId of [0, 1, 4]) {
      const response = await admin('DELETE', `/api/tenant/roles/${roleId}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(M.builtInRole);
    }
    expect((await admin('DELETE', '/api/tenant/roles/4242')).statusCode).toBe(404);
    expect((await admin('DELETE', '/api/tenant/roles/100')).statusCode).toBe(204);
    expect((await storedRoles()).map((r) => r.roleId)).toEqual([1, 2, 3, 4]);
    expect(await server.ctx.repos.forTenant(world.tenantB).botRoles.all()).toEqual([]);
  });

  test('role and bot role changes are in the audit log', async () => {
    const own = await ownWorld();
    const { world, admin } = own;
    // Each kind of change once: created and changed (seniorReviewer), a permission added and
    // removed, a bot role set and removed, the role deleted.
    await seniorReviewer(own, REVIEWER_PERMISSIONS);
    expectStatus(
      await admin('POST', '/api/tenant/roles/100/permissions', { permissionId: Permission.TestBot }),
      201,
    );
    expectStatus(await admin('DELETE', `/api/tenant/roles/100/permissions/${Permission.TestBot}`), 200);
    await giveRole(own, world.plainUser.email, 'Support Bot', 100);
    expectStatus(
      await admin('DELETE', `/api/users/${world.plainUser.email}/roles/for-bot/Support%20Bot`),
      204,
    );
    expectStatus(await admin('DELETE', '/api/tenant/roles/100'), 204);
    const csv = (await admin('GET', '/api/tenant/audit-log')).body;
    for (const action of [
      'role.created',
      'role.changed',
      'role.permission-added',
      'role.permission-removed',
      'role.deleted',
      'bot-role.set',
      'bot-role.removed',
    ]) {
      expect(csv).toContain(action);
    }
  });
});
