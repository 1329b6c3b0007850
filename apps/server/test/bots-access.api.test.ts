import { ALL_PERMISSION_IDS, BUILT_IN_ROLES, Permission } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, createTenant, expectStatus, selectTenant } from './support/admin-world';
import { botPath, createBot, overviewNames } from './support/bots';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const roleOf = (roleId: number) => BUILT_IN_ROLES.find((r) => r.roleId === roleId)!;

/** Who sees and may change which bot: per-bot roles, account administrators, and tenants apart. */
describe.each(testDatabases())('access to bots on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  /**
   * A tenant B of the test's own with Team Bot and Secret Bot; Bea (admin) its account
   * administrator, Pat (user) its plain user, giveRole gives Pat a role on a bot.
   */
  async function ownWorld() {
    const world = await buildOwnAdminWorld(server, base);
    const admin = as(server, world.tenantAdmin);
    await createBot(admin, 'Team Bot');
    await createBot(admin, 'Secret Bot');
    const giveRole = async (botName: string, role: number) =>
      expectStatus(
        await admin('POST', '/api/user/role', { userEmail: world.plainUser.email, botName, role }),
        200,
      );
    return { world, admin, user: as(server, world.plainUser), master: as(server, world.master), giveRole };
  }

  test('a plain user without a role sees no bots and is refused each bot', async () => {
    const { user } = await ownWorld();
    expect(await overviewNames(user)).toEqual([]);
    expect((await user('GET', '/api/bots/id-name')).json()).toEqual([]);
    expect((await user('GET', '/api/bots/ids')).json()).toEqual([]);
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', '/permissions'],
      ['PUT', '/hide-snippet-migration-banner'],
      ['DELETE', ''],
      ['GET', '/message-history'],
      ['GET', '/consent'],
    ] as const) {
      // An existing bot and an unknown one answer alike: nothing tells which bots exist.
      for (const name of ['Team Bot', 'No Such Bot']) {
        const response = await user(method, `${botPath(name)}${suffix}`);
        expect(response.statusCode, `${method} ${name}${suffix}`).toBe(403);
        expect(response.json().code).toBe('permission_error');
      }
    }
  });

  test('with a role the user sees that bot only, with that role’s permissions', async () => {
    const { user, giveRole } = await ownWorld();
    await giveRole('Team Bot', 1);
    expect(await overviewNames(user)).toEqual(['Team Bot']);
    expect((await user('GET', botPath('Team Bot'))).statusCode).toBe(200);
    expect((await user('GET', botPath('Secret Bot'))).statusCode).toBe(403);
    const { permissions } = (await user('GET', `${botPath('Team Bot')}/permissions`)).json();
    expect(permissions).toEqual([...roleOf(1).permissions].sort((a, b) => a - b));
  });

  test('a Designer may not delete the bot nor download its logs', async () => {
    const { admin, user, giveRole } = await ownWorld();
    await giveRole('Team Bot', 1);
    expect(roleOf(1).permissions).not.toContain(Permission.DeleteBot);
    const refused = await user('DELETE', botPath('Team Bot'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.DeleteBot,
    });
    expect((await user('GET', `${botPath('Team Bot')}/message-history`)).json()).toMatchObject({
      requiredPermission: Permission.ExportLogs,
    });
    expect(await overviewNames(admin)).toContain('Team Bot');
  });

  test('a role that lost every permission still shows the bot', async () => {
    const { admin, user, giveRole } = await ownWorld();
    await giveRole('Team Bot', 1);
    expectStatus(await admin('PUT', '/api/tenant/roles', { roles: [{ roleId: 1, permissions: [] }] }), 201);
    expect(await overviewNames(user)).toEqual(['Team Bot']);
    expect((await user('GET', `${botPath('Team Bot')}/permissions`)).json()).toEqual({ permissions: [] });
    expectStatus(
      await admin('PUT', '/api/tenant/roles', { roles: [{ roleId: 1, permissions: roleOf(1).permissions }] }),
      201,
    );
  });

  test('an Administrator role on the bot may download its logs and delete it', async () => {
    const { admin, user, giveRole } = await ownWorld();
    await giveRole('Team Bot', 4);
    expect((await user('GET', `${botPath('Team Bot')}/consent`)).statusCode).toBe(200);
    expect((await user('DELETE', botPath('Team Bot'))).statusCode).toBe(204);
    expect(await overviewNames(user)).toEqual([]);
    expect(await overviewNames(admin)).toEqual(['Secret Bot']);
  });

  test('a plain user who creates a bot holds the Administrator role on it', async () => {
    const { world, admin, user } = await ownWorld();
    const bot = await createBot(user, 'Pats Bot');
    expect(await overviewNames(user)).toEqual(['Pats Bot']);
    const roles = await server.ctx.repos.forTenant(world.tenantB).botRoles.forBot(bot.id);
    expect(roles).toEqual([{ userId: world.plainUser.email, roleId: 4 }]);
    const { permissions } = (await user('GET', `${botPath('Pats Bot')}/permissions`)).json();
    expect(permissions).toEqual([...ALL_PERMISSION_IDS].sort((a, b) => a - b));
    // An administrator creating a bot needs no role: they hold every permission anyway.
    const adminBot = await createBot(admin, 'Bea Bot');
    expect(await server.ctx.repos.forTenant(world.tenantB).botRoles.forBot(adminBot.id)).toEqual([]);
  });

  test('tenants are apart: another tenant’s bots are unknown, and the same name may exist in both', async () => {
    const { world, admin, master } = await ownWorld();
    const tenantC = await createTenant(server, world.master, `Tenant C ${uniqueKey()}`);
    await selectTenant(server, world.master, tenantC);
    const cBot = await createBot(master, 'Secret Bot');
    expect(cBot.id).toBe(`${tenantC}-secret-bot`);
    expect(await overviewNames(master)).toEqual(['Secret Bot']);

    // Bea (tenant B) cannot reach C's bot by any path: her own Secret Bot answers instead.
    const own = (await admin('GET', botPath('Secret Bot'))).json();
    expect(own.tenantId).toBe(world.tenantB);
    expect((await admin('GET', '/api/bots/ids')).json()).not.toContain(cBot.id);
    const foreign = await admin('GET', `/api/bots/ids?tenantId=${tenantC}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not-found_error');
    expect((await admin('GET', '/api/bots/ids?tenantId=tffffffffffff')).statusCode).toBe(404);

    // Deleting her Secret Bot leaves C's alone.
    expect((await admin('DELETE', botPath('Secret Bot'))).statusCode).toBe(204);
    expect(await overviewNames(master)).toEqual(['Secret Bot']);

    // The master administrator may list any tenant's bot ids, and an unknown tenant is not found.
    expect((await master('GET', `/api/bots/ids?tenantId=${world.tenantB}`)).json()).toEqual(
      (await admin('GET', '/api/bots/ids')).json(),
    );
    expect((await master('GET', '/api/bots/ids?tenantId=tffffffffffff')).statusCode).toBe(404);
    await selectTenant(server, world.master, world.masterTenantId);
    expect(await overviewNames(master)).toEqual([]);
  });

  test('deleting the tenant takes its bots along', async () => {
    const { world, master } = await ownWorld();
    const tenantD = await createTenant(server, world.master, `Tenant D ${uniqueKey()}`);
    await selectTenant(server, world.master, tenantD);
    await createBot(master, 'Short Lived');
    expectStatus(await master('DELETE', `/api/tenant/${tenantD}`), 200);
    expect(await server.ctx.repos.forTenant(tenantD).bots.count()).toBe(0);
  });
});
