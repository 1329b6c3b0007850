import { MESSAGES, TENANT_IN_VIEW_HEADER } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AdminWorld,
  addUser,
  as,
  createTenant,
  expectStatus,
  selectTenant,
  USER_PASSWORD,
} from './support/admin-world';
import { parseCsv } from './support/csv';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './support/test-server';

const M = MESSAGES.admin;

describe.each(testDatabases())('tenant administration on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  /**
   * A tenant B of the test's own, Tenant {key}: admin is Bea, its account administrator, user
   * Pat, its plain user, master the master administrator. Names the test gives carry the key too.
   */
  async function ownWorld() {
    const key = uniqueKey();
    const world: AdminWorld = await buildOwnAdminWorld(server, base, key);
    return {
      key,
      world,
      admin: as(server, world.tenantAdmin),
      user: as(server, world.plainUser),
      master: as(server, world.master),
    };
  }

  test('GET /api/tenant has the tenant with its roles; the secret key only for administrators', async () => {
    const { key, world, admin, user } = await ownWorld();
    const forAdmin = (await admin('GET', '/api/tenant')).json();
    expect(forAdmin).toMatchObject({
      id: world.tenantB,
      displayName: `Tenant ${key}`,
      name: `Tenant ${key}`,
      planId: 'default',
      hasPremiumChannels: false,
      hasPremiumEngines: false,
      isDisabled: false,
    });
    expect(forAdmin.secretKey).toMatch(/^[\w-]{40,}$/);
    expect(forAdmin.roles.map((r: { roleId: number }) => r.roleId)).toEqual([0, 1, 2, 3, 4]);
    const forUser = (await user('GET', '/api/tenant')).json();
    expect(forUser).not.toHaveProperty('secretKey');
    expect(forUser.id).toBe(world.tenantB);
  });

  test('GET /api/tenant/disabled is a boolean that follows the tenant', async () => {
    const { world, user } = await ownWorld();
    expect((await user('GET', '/api/tenant/disabled')).json()).toBe(false);
    await server.ctx.repos.tenants.update(world.tenantB, { isDisabled: true });
    expect((await user('GET', '/api/tenant/disabled')).json()).toBe(true);
    await server.ctx.repos.tenants.update(world.tenantB, { isDisabled: false });
  });

  test('settings change the display name and e-mail', async () => {
    const { key, world, admin } = await ownWorld();
    const response = await admin('PUT', '/api/tenant/settings', {
      displayName: `  Bravo Ltd ${key} `,
      email: 'Office@Bravo.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: `Bravo Ltd ${key}`, email: 'Office@Bravo.example' });
    expect((await server.login(world.plainUser.email, USER_PASSWORD)).user.selectedTenant.displayName).toBe(
      `Bravo Ltd ${key}`,
    );
  });

  test.each([
    ['no body', undefined, 'displayName', M.invalidTenantDisplayName],
    ['a missing display name', { email: 'a@b.example' }, 'displayName', M.invalidTenantDisplayName],
    [
      'a one-letter display name',
      { displayName: 'B', email: 'a@b.example' },
      'displayName',
      M.invalidTenantDisplayName,
    ],
    [
      'a too long display name',
      { displayName: 'B'.repeat(51), email: 'a@b.example' },
      'displayName',
      M.invalidTenantDisplayName,
    ],
    [
      'a display name of the wrong type',
      { displayName: { x: 1 }, email: 'a@b.example' },
      'displayName',
      M.invalidTenantDisplayName,
    ],
    ['an invalid e-mail', { displayName: 'Bravo', email: 'bravo' }, 'email', M.invalidUserEmail],
    ['a missing e-mail', { displayName: 'Bravo' }, 'email', M.invalidUserEmail],
  ])('settings with %s change nothing', async (_name, body, fieldName, message) => {
    const { key, world, admin } = await ownWorld();
    expectStatus(
      await admin('PUT', '/api/tenant/settings', {
        displayName: `Bravo Ltd ${key}`,
        email: 'Office@Bravo.example',
      }),
      200,
    );
    const response = await admin('PUT', '/api/tenant/settings', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation_error', fieldName, message });
    expect(await server.ctx.repos.tenants.get(world.tenantB)).toMatchObject({
      displayName: `Bravo Ltd ${key}`,
      email: 'Office@Bravo.example',
    });
  });

  test('a new secret key replaces the old one', async () => {
    const { admin, user } = await ownWorld();
    const before = (await admin('GET', '/api/tenant')).json().secretKey;
    const response = await admin('PATCH', '/api/tenant/secret-key');
    expect(response.statusCode).toBe(200);
    const { secretKey } = response.json();
    expect(secretKey).not.toBe(before);
    expect((await admin('GET', '/api/tenant')).json().secretKey).toBe(secretKey);
    expect((await user('PATCH', '/api/tenant/secret-key')).statusCode).toBe(403);
  });

  test('the audit log downloads as users-log.csv, formula cells defused', async () => {
    const { admin, user } = await ownWorld();
    expectStatus(await admin('PATCH', '/api/tenant/secret-key'), 200);
    // A hostile display name: a spreadsheet would run it as a formula.
    await admin('PUT', '/api/tenant/settings', { displayName: '=HYPERLINK("x")', email: 'a@b.example' });
    await admin('POST', '/api/tenant/roles', { roleName: '@SUM(1,2)' });
    const response = await admin('GET', '/api/tenant/audit-log');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="users-log.csv"');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['time', 'actor', 'action', 'target', 'details']);
    const actions = rows.slice(1).map((r) => r[2]);
    expect(actions).toEqual(
      expect.arrayContaining([
        'tenant.created',
        'user.added',
        'tenant.settings-changed',
        'tenant.secret-key-regenerated',
        'role.created',
      ]),
    );
    for (const row of rows.slice(1)) {
      expect(row).toHaveLength(5);
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
    }
    expect(rows.find((r) => r[2] === 'role.created')?.[4]).toBe("'@SUM(1,2)");
    expect(response.body).not.toContain(
      ((await admin('GET', '/api/tenant')).json() as { secretKey: string }).secretKey,
    );
    expect((await user('GET', '/api/tenant/audit-log')).statusCode).toBe(403);
  });

  test('creating a tenant: an empty name is refused with the spec message', async () => {
    const master = as(server, base.master);
    const charlie = `Charlie ${uniqueKey()}`;
    const before = (await server.ctx.repos.tenants.list()).length;
    for (const body of [
      { name: '' },
      { name: '   ' },
      {},
      undefined,
      { name: 5 },
      { name: 'x'.repeat(51) },
    ]) {
      const response = await master('POST', '/api/tenants', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation_error',
        fieldName: 'name',
        message: M.invalidTenantName,
      });
    }
    expect(await server.ctx.repos.tenants.list()).toHaveLength(before);
    const created = await master('POST', '/api/tenants', { name: charlie });
    expect(created.json()).toMatchObject({ name: charlie, displayName: charlie, planId: 'default' });
    expect(created.json().roles).toHaveLength(5);
  });

  test('tenant names are unique, whatever their letter case and spaces', async () => {
    const { admin, master } = await ownWorld();
    const before = await server.ctx.repos.tenants.list();
    const taken = (await admin('GET', '/api/tenant')).json().displayName as string;
    for (const name of [taken, ` ${taken.toLowerCase()} `, taken.toUpperCase()]) {
      const response = await master('POST', '/api/tenants', { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'validation_error',
        fieldName: 'name',
        message: M.tenantNameTaken,
      });
    }
    expect(await server.ctx.repos.tenants.list()).toHaveLength(before.length);
    const renamed = await admin('PUT', '/api/tenant/settings', {
      displayName: 'master',
      email: 'b@example.com',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ fieldName: 'displayName', message: M.tenantNameTaken });
  });

  test('master tenant info lists tenants, plans and users with their tenant roles', async () => {
    const { world, admin, master } = await ownWorld();
    const info = (await master('GET', '/api/master-tenant/info')).json();
    expect(info.user.id).toBe(world.master.email);
    expect(info.masterTenant).toMatchObject({ id: world.masterTenantId, isMaster: true });
    expect(info.plans.map((p: { id: string }) => p.id).sort()).toEqual(['default', 'master']);
    const tenantIds = info.tenants.map((t: { id: string }) => t.id);
    expect(tenantIds).toEqual(expect.arrayContaining([world.masterTenantId, world.tenantB]));
    expect(info.users).toContainEqual({
      id: world.tenantAdmin.email,
      name: 'Bea_Admin',
      identity: 'platform',
      tenantRoles: { [world.tenantB]: 'admin' },
    });
    expect(Object.keys(info.bots).sort()).toEqual([...tenantIds].sort());
    expect(Object.keys(info.interactions).sort()).toEqual([...tenantIds].sort());
    expect((await admin('GET', '/api/master-tenant/info')).statusCode).toBe(403);
  });

  test('tenant isolation: an administrator of A cannot reach B', async () => {
    const { key, world } = await ownWorld();
    const almaEmail = `alma.${key}@example.com`;
    // Tenant A with its own administrator; B keeps Bea and Pat.
    const tenantA = await createTenant(server, world.master, `Tenant A ${key}`);
    await selectTenant(server, world.master, tenantA);
    await addUser(server, world.master, almaEmail, 'Alma');
    await as(server, world.master)('PUT', '/api/users/tenant-admin', { userEmail: almaEmail });
    await selectTenant(server, world.master, world.masterTenantId);
    const alma = as(server, (await server.login(almaEmail, USER_PASSWORD)).token);
    const bState = async () => ({
      tenant: await server.ctx.repos.tenants.get(world.tenantB),
      members: await server.ctx.repos.forTenant(world.tenantB).members.list(),
      roles: await server.ctx.repos.forTenant(world.tenantB).roles.list(),
      audit: (await server.ctx.repos.forTenant(world.tenantB).audit.list()).length,
    });
    const before = await bState();

    expect((await alma('GET', '/api/tenant/users')).json().map((u: { id: string }) => u.id)).toEqual([
      almaEmail,
    ]);
    expect((await alma('GET', `/api/tenant/users/${world.plainUser.email}`)).statusCode).toBe(404);
    expect((await alma('DELETE', `/api/users/${world.plainUser.email}`)).statusCode).toBe(404);
    expect(
      (await alma('PUT', '/api/users/tenant-admin', { userEmail: world.plainUser.email })).statusCode,
    ).toBe(404);
    expect(
      (await alma('POST', '/api/user/role', { userEmail: world.plainUser.email, botName: 'x', role: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await alma('PUT', '/api/users/selected-tenant', { tenantId: world.tenantB })).statusCode).toBe(
      404,
    );
    expect(
      (await alma('GET', `/api/tenants/usersForBot/${world.tenantB}/${world.tenantB}-support-bot`))
        .statusCode,
    ).toBe(404);
    expect((await alma('DELETE', `/api/tenant/${world.tenantB}`)).statusCode).toBe(403);
    expect((await alma('DELETE', `/api/tenant?id=${world.tenantB}`)).statusCode).toBe(403);
    expect(
      (
        await alma('PUT', '/api/users/tenant-roles', {
          userEmail: almaEmail,
          tenantRoles: { [world.tenantB]: 'admin' },
        })
      ).statusCode,
    ).toBe(403);
    // Role ids are per tenant: A's changes touch A's role 1 only.
    expectStatus(await alma('PUT', '/api/tenant/roles', { roles: [{ roleId: 1, permissions: [] }] }), 201);
    expectStatus(await alma('DELETE', '/api/tenant/roles/2/permissions/8'), 200);
    expectStatus(
      await alma('PUT', '/api/tenant/settings', { displayName: `Alpha ${key}`, email: 'a@alpha.example' }),
      200,
    );
    const almaLog = parseCsv((await alma('GET', '/api/tenant/audit-log')).body);
    expect(
      almaLog.slice(1).every((r) => r[3] !== world.plainUser.email && r[1] !== world.tenantAdmin.email),
    ).toBe(true);

    expect(await bState()).toEqual(before);
    expect((await alma('GET', '/api/tenant')).json().id).toBe(tenantA);
  });

  test('a call from a tab that still shows the tenant switched away from is refused, and names the selected one', async () => {
    const { key, world } = await ownWorld();
    const tenantC = await createTenant(server, world.master, `Tenant C ${key}`);
    // Two tabs of one sign-in: one session token (a session of the test's own: it signs out).
    const { token } = await server.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const inTab =
      (tenant: string | undefined) => (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        server.request({
          method,
          url,
          token,
          body,
          headers: tenant ? { [TENANT_IN_VIEW_HEADER]: tenant } : {},
        });
    await selectTenant(server, world.master, world.tenantB);
    const settingsBefore = (await inTab(world.tenantB)('GET', '/api/tenant')).json();
    expect(settingsBefore.id).toBe(world.tenantB);

    // Another tab (same login) switches to C: the first tab, still showing B, cannot act on C.
    expectStatus(await inTab(world.tenantB)('PUT', '/api/users/selected-tenant', { tenantId: tenantC }), 200);
    const refused = await inTab(world.tenantB)('PUT', '/api/tenant/settings', {
      displayName: `Renamed ${key}`,
      email: 'renamed@example.com',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'cohesion_error',
      message: MESSAGES.tenantSwitched.refused,
      selectedTenantId: tenantC,
      selectedTenantName: `Tenant C ${key}`,
      reason: 'switched',
    });
    expect((await server.ctx.repos.tenants.get(tenantC))?.displayName).toBe(`Tenant C ${key}`);
    expect((await inTab(world.tenantB)('GET', '/api/tenant')).statusCode).toBe(409);

    // Reading who one is, switching and signing out answer whatever tenant the tab shows.
    expect((await inTab(world.tenantB)('GET', '/api/users/info')).json().selectedTenantId).toBe(tenantC);
    // The tab that follows (and callers without the header) are served.
    expect((await inTab(tenantC)('GET', '/api/tenant')).json().id).toBe(tenantC);
    expect((await inTab(undefined)('GET', '/api/tenant')).json().id).toBe(tenantC);
    expectStatus(
      await inTab('t000000000999')('PUT', '/api/users/selected-tenant', { tenantId: world.tenantB }),
      200,
    );
    expect((await inTab(world.tenantB)('GET', '/api/tenant')).json().id).toBe(world.tenantB);

    // The tenant a tab shows is deleted elsewhere: its calls are refused too, saying it is gone.
    expectStatus(await as(server, world.master)('DELETE', `/api/tenant/${tenantC}`), 200);
    const gone = await inTab(tenantC)('DELETE', '/api/tenant');
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({
      message: MESSAGES.tenantSwitched.refusedGone,
      selectedTenantId: world.tenantB,
      reason: 'gone',
    });
    expect(await server.ctx.repos.tenants.get(world.tenantB)).toBeDefined();
    expect((await inTab(tenantC)('DELETE', '/api/auth/logout')).statusCode).toBe(204);
  });

  test('deleting tenants: only master administrators, never the master tenant', async () => {
    const { key, world, admin, master } = await ownWorld();
    const onlyHere = `only.here.${key}@example.com`;
    const doomed = await createTenant(server, world.master, `Doomed ${key}`);
    await selectTenant(server, world.master, doomed);
    await addUser(server, world.master, onlyHere, 'Only');
    await addUser(server, world.master, world.plainUser.email, 'Pat_User'); // also in B
    await selectTenant(server, world.master, world.masterTenantId);

    expect((await admin('DELETE', `/api/tenant/${doomed}`)).statusCode).toBe(403);
    const masterItself = await master('DELETE', `/api/tenant/${world.masterTenantId}`);
    expect(masterItself.statusCode).toBe(400);
    expect(masterItself.json().message).toBe(M.masterTenantNotDeletable);
    // No id: the selected tenant, which is the master tenant here.
    expect((await master('DELETE', '/api/tenant')).statusCode).toBe(400);
    expect((await master('DELETE', '/api/tenant/tnothere')).statusCode).toBe(404);
    expect(await server.ctx.repos.tenants.get(world.masterTenantId)).toBeDefined();

    const response = await master('DELETE', `/api/tenant?id=${doomed}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: doomed });
    expect(await server.ctx.repos.tenants.get(doomed)).toBeUndefined();
    expect(await server.ctx.repos.users.get(onlyHere)).toBeUndefined();
    expect(await server.ctx.repos.users.get(world.plainUser.email)).toBeDefined();
    expect(await server.ctx.repos.forTenant(doomed).roles.list()).toEqual([]);
    expect(await server.ctx.repos.forTenant(doomed).audit.list()).toEqual([]);
    const masterLog = parseCsv((await master('GET', '/api/tenant/audit-log')).body);
    expect(masterLog.some((r) => r[2] === 'tenant.deleted' && r[3] === doomed)).toBe(true);

    // The selected tenant itself (no id): the master administrator's own pick of a child tenant.
    const own = await createTenant(server, world.master, `Own ${key}`);
    await selectTenant(server, world.master, own);
    expect((await master('DELETE', '/api/tenant?id=')).json()).toEqual({ id: own });
    expect((await master('GET', '/api/users/info')).json().selectedTenantId).toBe(world.masterTenantId);
  });
});
