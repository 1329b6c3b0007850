import { MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type AdminWorld,
  addUser,
  as,
  createTenant,
  expectStatus,
  mailsTo,
  selectTenant,
  USER_PASSWORD,
} from './support/admin-world';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const M = MESSAGES.admin;

describe.each(testDatabases())('users administration on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  /**
   * A tenant B of the test's own, Tenant {key}; admin is Bea, its account administrator,
   * master the master administrator. E-mails of the test's own people carry the key.
   */
  async function ownWorld() {
    const key = uniqueKey();
    const world = await buildOwnAdminWorld(server, base, key);
    const admin = as(server, world.tenantAdmin);
    const userIds = async () =>
      ((await admin('GET', '/api/tenant/users')).json() as Array<{ id: string }>).map((u) => u.id);
    return { key, world, admin, master: as(server, world.master), userIds };
  }

  test('an account administrator adds a user who can then sign in to the tenant', async () => {
    const { key, world, admin, userIds } = await ownWorld();
    const response = await admin('POST', '/api/users', {
      name: 'Nina.New-1',
      email: `Nina.${key}@Example.com`,
      password: USER_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: `nina.${key}@example.com` });
    expect(expectStatus(await admin('GET', `/api/tenant/users/nina.${key}@example.com`), 200).json()).toEqual(
      {
        id: `nina.${key}@example.com`,
        name: 'Nina.New-1',
        identity: 'platform',
        botRoles: {},
        tenantRoles: { [world.tenantB]: 'user' },
      },
    );
    const { user } = await server.login(`nina.${key}@example.com`, USER_PASSWORD);
    expect(user).toMatchObject({ selectedTenantId: world.tenantB, isTenantAdmin: false });
    expect(await userIds()).toContain(`nina.${key}@example.com`);
  });

  test.each([
    ['no body', undefined, 'name', M.invalidUserName],
    ['missing name', { email: 'a@example.com', password: USER_PASSWORD }, 'name', M.invalidUserName],
    [
      'a name with spaces',
      { name: 'Ann Smith', email: 'a@example.com', password: USER_PASSWORD },
      'name',
      M.invalidUserName,
    ],
    [
      'a too long name (the length is named)',
      { name: 'a'.repeat(300), email: 'a@example.com', password: USER_PASSWORD },
      'name',
      M.userNameTooLong(300),
    ],
    [
      'a name of the wrong type',
      { name: 42, email: 'a@example.com', password: USER_PASSWORD },
      'name',
      M.invalidUserName,
    ],
    [
      'an invalid e-mail',
      { name: 'Ann', email: 'not-an-email', password: USER_PASSWORD },
      'email',
      M.invalidUserEmail,
    ],
    [
      'a too long e-mail',
      { name: 'Ann', email: `${'a'.repeat(250)}@example.com`, password: USER_PASSWORD },
      'email',
      M.invalidUserEmail,
    ],
    [
      'a short password',
      { name: 'Ann', email: 'a@example.com', password: 'Ab-1' },
      'password',
      M.invalidUserPassword,
    ],
    [
      'a password without uppercase',
      { name: 'Ann', email: 'a@example.com', password: 'lower-case-1' },
      'password',
      M.invalidUserPassword,
    ],
    [
      'a password without special character',
      { name: 'Ann', email: 'a@example.com', password: 'NoSpecial1' },
      'password',
      M.invalidUserPassword,
    ],
    [
      'a flag of the wrong type',
      { name: 'Ann', email: 'a@example.com', password: USER_PASSWORD, sendLoginData: 'yes' },
      'sendLoginData',
      'sendLoginData must be true or false.',
    ],
  ])(
    'adding a user with %s is refused with the spec message and adds no one',
    async (_name, body, fieldName, message) => {
      const { admin, userIds } = await ownWorld();
      const before = await userIds();
      const response = await admin('POST', '/api/users', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'validation_error', message, fieldName });
      expect(await userIds()).toEqual(before);
      expect(await server.ctx.repos.users.get('a@example.com')).toBeUndefined();
    },
  );

  test('adding a member twice is refused; a person with an account elsewhere is invited, not attached', async () => {
    const { key, world, admin, userIds } = await ownWorld();
    const olaEmail = `ola.${key}@example.com`;
    const again = await admin('POST', '/api/users', {
      name: 'Pat_User',
      email: world.plainUser.email,
      password: USER_PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'email',
      message: M.userExists,
    });

    // Ola lives in tenant C with her own password; Bea adds her address to B.
    const tenantC = await createTenant(server, world.master, `Tenant C ${key}`);
    await selectTenant(server, world.master, tenantC);
    await addUser(server, world.master, olaEmail, 'Ola');
    await selectTenant(server, world.master, world.masterTenantId);
    const added = await admin('POST', '/api/users', {
      name: 'Someone_Else',
      email: olaEmail,
      password: 'Other-Pass-2',
    });
    // Nothing of Ola's account is shown or changed: no name, no tenants, no membership yet.
    expect(expectStatus(added, 200).json()).toEqual({ email: olaEmail });
    expect(await userIds()).not.toContain(olaEmail);
    await expect(server.login(olaEmail, 'Other-Pass-2')).rejects.toThrow(/401/);
    const [mail] = await mailsTo(server, olaEmail);
    const token = decodeURIComponent(/\/join\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(token).not.toBe('');

    // Only Ola, signed in, may see and accept it, once.
    const ola = as(server, (await server.login(olaEmail, USER_PASSWORD)).token);
    const path = `/api/users/invitations/${encodeURIComponent(token)}`;
    expect((await admin('GET', path)).statusCode).toBe(404);
    expect(expectStatus(await ola('GET', path), 200).json()).toEqual({
      tenantId: world.tenantB,
      tenantName: expect.any(String),
      invitedBy: world.tenantAdmin.email,
    });
    expect((await admin('POST', `${path}/accept`)).statusCode).toBe(404);
    expect(expectStatus(await ola('POST', `${path}/accept`), 200).json()).toEqual({
      selectedTenantId: world.tenantB,
    });
    const again404 = await ola('POST', `${path}/accept`);
    expect(again404.statusCode).toBe(404);
    expect(again404.json().message).toBe(M.invitationInvalid);
    const { user } = await server.login(olaEmail, USER_PASSWORD);
    expect(user.visibleTenants.map((t) => t.id).sort()).toEqual([world.tenantB, tenantC].sort());
    expect(user.selectedTenantId).toBe(world.tenantB);
  });

  test('the answer is the same whether the address has an account elsewhere or none', async () => {
    const { key, world, admin } = await ownWorld();
    // Kim has an account in tenant C; Noor has none.
    const kimEmail = `kim.${key}@example.com`;
    const tenantC = await createTenant(server, world.master, `Tenant K ${key}`);
    await selectTenant(server, world.master, tenantC);
    await addUser(server, world.master, kimEmail, 'Kim');
    await selectTenant(server, world.master, world.masterTenantId);

    // Status, headers and body alike once the address itself is taken out.
    const answerFor = async (email: string) => {
      const response = await admin('POST', '/api/users', {
        name: 'Some_Body',
        email,
        password: USER_PASSWORD,
        sendLoginData: true,
      });
      return {
        status: response.statusCode,
        contentType: response.headers['content-type'],
        body: response.body.replaceAll(email, '{address}'),
      };
    };
    const existing = await answerFor(kimEmail);
    const fresh = await answerFor(`noor.${key}@example.com`);
    expect(existing).toEqual(fresh);
    expect(fresh).toEqual({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: '{"email":"{address}"}',
    });
  });

  test('sendLoginData mails the login address and a link to choose a password, never the password', async () => {
    const { key, admin } = await ownWorld();
    const moEmail = `mo.${key}@example.com`;
    await admin('POST', '/api/users', {
      name: 'Mo',
      email: moEmail,
      password: USER_PASSWORD,
      sendLoginData: true,
    });
    const [mail] = await mailsTo(server, moEmail);
    expect(mail?.text).toContain('http://parley.test/login');
    expect(mail?.text).toContain(`E-mail: ${moEmail}`);
    expect(mail?.text).not.toContain(USER_PASSWORD);
    const token = /\/password\/reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const chosen = await server.request({
      method: 'POST',
      url: `/api/user/password/reset/${token}`,
      body: { newPassword: 'Mo-Chosen-Pass-1' },
    });
    expect(chosen.statusCode).toBeLessThan(300);
    expect((await server.login(moEmail, 'Mo-Chosen-Pass-1')).token).toBeTruthy();
  });

  test('only master administrators may assign a new user to the master tenant', async () => {
    const { key, world, admin, master } = await ownWorld();
    const maxEmail = `max.${key}@example.com`;
    const refused = await admin('POST', '/api/users', {
      name: 'Max',
      email: maxEmail,
      password: USER_PASSWORD,
      assignToMasterTenant: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('permission_error');
    expect(await server.ctx.repos.users.get(maxEmail)).toBeUndefined();

    await selectTenant(server, world.master, world.tenantB);
    const added = await master('POST', '/api/users', {
      name: 'Max',
      email: maxEmail,
      password: USER_PASSWORD,
      assignToMasterTenant: true,
    });
    expect(added.statusCode).toBe(200);
    const max = expectStatus(await master('GET', `/api/tenant/users/${maxEmail}`), 200).json();
    await selectTenant(server, world.master, world.masterTenantId);
    expect(max.tenantRoles).toEqual({ [world.tenantB]: 'user', [world.masterTenantId]: 'user' });
  });

  test("at the plan's seat cap without additional cost, no one more is added", async () => {
    const { key, world, master } = await ownWorld();
    const planId = `two-seats-${key}`;
    const tenantD = await createTenant(server, world.master, `Tenant D ${key}`);
    await server.ctx.repos.db
      .insertInto('plans')
      .values({
        id: planId,
        name: 'Two seats',
        max_free_bots: 1,
        max_free_users: 2,
        max_free_interactions: 10,
        has_additional_bots_cost: 0,
        has_additional_users_cost: 0,
        has_additional_interactions_cost: 0,
        metadata: '{}',
      })
      .execute();
    await server.ctx.repos.tenants.update(tenantD, { planId });
    await selectTenant(server, world.master, tenantD);
    await addUser(server, world.master, `d1.${key}@example.com`);
    await addUser(server, world.master, `d2.${key}@example.com`);
    const full = await master('POST', '/api/users', {
      name: 'D3',
      email: `d3.${key}@example.com`,
      password: USER_PASSWORD,
    });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ code: 'users_limit_error', message: M.seatsError });
    expect(await server.ctx.repos.users.get(`d3.${key}@example.com`)).toBeUndefined();

    await server.ctx.repos.db
      .updateTable('plans')
      .set({ has_additional_users_cost: 1 })
      .where('id', '=', planId)
      .execute();
    expectStatus(
      await master('POST', '/api/users', {
        name: 'D3',
        email: `d3.${key}@example.com`,
        password: USER_PASSWORD,
      }),
      200,
    );
    await selectTenant(server, world.master, world.masterTenantId);
  });

  test('the users list and one user have the administered-user shape; others are not found', async () => {
    const { world, admin } = await ownWorld();
    const list = (await admin('GET', '/api/tenant/users')).json();
    expect(list).toEqual(
      expect.arrayContaining([
        {
          id: world.tenantAdmin.email,
          name: 'Bea_Admin',
          identity: 'platform',
          botRoles: {},
          tenantRoles: { [world.tenantB]: 'admin' },
        },
      ]),
    );
    const one = await admin(
      'GET',
      `/api/tenant/users/${encodeURIComponent(world.plainUser.email.replace('pat.', 'PAT.'))}`,
    );
    expect(one.json()).toMatchObject({
      id: world.plainUser.email,
      tenantRoles: { [world.tenantB]: 'user' },
    });
    expect((await admin('GET', '/api/tenant/users/admin@example.com')).statusCode).toBe(404);
    const bad = await admin('GET', '/api/tenant/users/not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', fieldName: 'email' });
  });

  test('the users list is in natural order by name: seat2 before seat10', async () => {
    const { key, world, admin, master } = await ownWorld();
    for (const seat of ['seat10', 'seat1', 'seat11', 'seat0', 'seat2'])
      await addUser(server, world.tenantAdmin, `${seat}.${key}@example.com`, seat);
    const names = (await admin('GET', '/api/tenant/users')).json().map((u: { name: string }) => u.name);
    expect(names.filter((name: string) => name.startsWith('seat'))).toEqual([
      'seat0',
      'seat1',
      'seat2',
      'seat10',
      'seat11',
    ]);
    // The master administrator's list of every account follows the same order.
    const everyone = (await master('GET', '/api/master-tenant/info')).json().users as Array<{ id: string }>;
    expect(
      everyone.map((u) => u.id).filter((id) => id.endsWith(`.${key}@example.com`) && id.startsWith('seat')),
    ).toEqual(['seat0', 'seat1', 'seat2', 'seat10', 'seat11'].map((seat) => `${seat}.${key}@example.com`));
  });

  test('toggling the administrator flag, and the last administrator stays', async () => {
    const { key, world, admin, master } = await ownWorld();
    const moEmail = `mo.${key}@example.com`;
    await addUser(server, world.tenantAdmin, moEmail, 'Mo');
    const promoted = await admin('PUT', '/api/users/tenant-admin', { userEmail: moEmail });
    expect(promoted.json().tenantRoles).toEqual({ [world.tenantB]: 'admin' });
    const demoted = await admin('PUT', '/api/users/tenant-admin', { userEmail: moEmail });
    expect(demoted.json().tenantRoles).toEqual({ [world.tenantB]: 'user' });

    // Bea is now B's only administrator: she cannot step down or be removed.
    const stepDown = await admin('PUT', '/api/users/tenant-admin', { userEmail: world.tenantAdmin.email });
    expect(stepDown.statusCode).toBe(400);
    expect(stepDown.json()).toMatchObject({ code: 'validation_error', message: M.lastAdmin });
    await selectTenant(server, world.master, world.tenantB);
    const removeLast = await master('DELETE', `/api/users/${world.tenantAdmin.email}`);
    await selectTenant(server, world.master, world.masterTenantId);
    expect(removeLast.statusCode).toBe(400);
    expect(removeLast.json().message).toBe(M.lastAdmin);
    expect(await server.ctx.repos.forTenant(world.tenantB).members.roleOf(world.tenantAdmin.email)).toBe(
      'admin',
    );
  });

  test.each([
    ['no body', undefined],
    ['a missing userEmail', {}],
    ['a wrong type', { userEmail: ['x'] }],
    ['an invalid e-mail', { userEmail: 'nope' }],
  ])('toggling with %s is a validation error', async (_name, body) => {
    const { admin } = await ownWorld();
    const response = await admin('PUT', '/api/users/tenant-admin', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', fieldName: 'userEmail' });
  });

  test('deleting users: not one’s own row; an account without tenant goes, one with tenants stays', async () => {
    const { key, world, admin, master, userIds } = await ownWorld();
    // Ola lives in tenant C and is a member of B too.
    const olaEmail = `ola.${key}@example.com`;
    const tenantC = await createTenant(server, world.master, `Tenant C ${key}`);
    await selectTenant(server, world.master, tenantC);
    await addUser(server, world.master, olaEmail, 'Ola');
    await selectTenant(server, world.master, world.masterTenantId);
    expectStatus(
      await master('PUT', '/api/users/tenant-roles', {
        userEmail: olaEmail,
        tenantRoles: { [tenantC]: 'user', [world.tenantB]: 'user' },
      }),
      200,
    );
    expect(await userIds()).toContain(olaEmail);
    const goneEmail = `gone.${key}@example.com`;
    const own = await admin('DELETE', `/api/users/${world.tenantAdmin.email}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(M.ownRowNotDeletable);

    await addUser(server, world.tenantAdmin, goneEmail);
    expect((await admin('DELETE', `/api/users/${goneEmail}`)).statusCode).toBe(204);
    expect(await server.ctx.repos.users.get(goneEmail)).toBeUndefined();
    expect((await admin('DELETE', `/api/users/${goneEmail}`)).statusCode).toBe(404);

    expect((await admin('DELETE', `/api/users/${olaEmail}`)).statusCode).toBe(204);
    expect(await server.ctx.repos.users.get(olaEmail)).toBeDefined();
    expect(await userIds()).not.toContain(olaEmail);
  });

  test('master administrators assign tenants, remove them and make master administrators', async () => {
    const { key, world, master } = await ownWorld();
    const email = `nina.${key}@example.com`;
    await addUser(server, world.tenantAdmin, email, 'Nina.New-1');
    const set = await master('PUT', '/api/users/tenant-roles', {
      userEmail: email,
      tenantRoles: { [world.masterTenantId]: 'admin', [world.tenantB]: 'admin' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().tenantRoles).toEqual({ [world.masterTenantId]: 'admin', [world.tenantB]: 'admin' });
    expect((await server.login(email, USER_PASSWORD)).user.isMasterTenantAdmin).toBe(true);

    const removed = await master('PUT', '/api/users/tenant-roles', {
      userEmail: email,
      tenantRoles: { [world.masterTenantId]: null, [world.tenantB]: 'user' },
    });
    expect(removed.json().tenantRoles).toEqual({ [world.tenantB]: 'user' });
    expect((await server.login(email, USER_PASSWORD)).user.isMasterTenantAdmin).toBe(false);
  });

  test.each([
    [
      'an unknown tenant',
      (w: AdminWorld) => ({ userEmail: w.plainUser.email, tenantRoles: { tnope: 'user' } }),
      400,
    ],
    [
      'an unknown role',
      (w: AdminWorld) => ({ userEmail: w.plainUser.email, tenantRoles: { [w.tenantB]: 'owner' } }),
      400,
    ],
    [
      'no tenant left',
      (w: AdminWorld) => ({ userEmail: w.plainUser.email, tenantRoles: { [w.tenantB]: null } }),
      400,
    ],
    ['no tenants named', (w: AdminWorld) => ({ userEmail: w.plainUser.email, tenantRoles: {} }), 400],
    [
      'tenantRoles of the wrong type',
      (w: AdminWorld) => ({ userEmail: w.plainUser.email, tenantRoles: ['x'] }),
      400,
    ],
    [
      'an unknown user',
      (w: AdminWorld) => ({ userEmail: 'who@example.com', tenantRoles: { [w.tenantB]: 'user' } }),
      404,
    ],
    [
      'the last administrator of a tenant',
      (w: AdminWorld) => ({ userEmail: w.tenantAdmin.email, tenantRoles: { [w.tenantB]: 'user' } }),
      400,
    ],
  ])('tenant roles with %s change nothing', async (_name, body, status) => {
    const { world, master } = await ownWorld();
    const before = await server.ctx.repos.memberships.all();
    const response = await master('PUT', '/api/users/tenant-roles', body(world));
    expect(response.statusCode).toBe(status);
    expect(await server.ctx.repos.memberships.all()).toEqual(before);
  });

  test('is-tenant-admin answers a boolean', async () => {
    const { world, admin } = await ownWorld();
    expect((await admin('GET', '/api/users/is-tenant-admin')).body).toBe('true');
    const plain = await as(server, world.plainUser)('GET', '/api/users/is-tenant-admin');
    expect(plain.headers['content-type']).toMatch(/application\/json/);
    expect(plain.json()).toBe(false);
  });

  test.each([['auto-publish', 'autoPublish'] as const, ['auto-validation', 'autoValidation'] as const])(
    '%s is kept per user',
    async (path, key) => {
      const { world, admin } = await ownWorld();
      const user = as(server, world.plainUser);
      expect((await user('GET', `/api/users/${path}`)).json()).toEqual({ [key]: false });
      expect((await user('PUT', `/api/users/${path}`, { [key]: true })).json()).toEqual({ [key]: true });
      expect((await user('GET', `/api/users/${path}`)).json()).toEqual({ [key]: true });
      expect((await admin('GET', `/api/users/${path}`)).json()).toEqual({ [key]: false });
      for (const bad of [undefined, {}, { [key]: 'true' }, { [key]: null }]) {
        const response = await user('PUT', `/api/users/${path}`, bad);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation_error', fieldName: key });
      }
      expect((await user('GET', `/api/users/${path}`)).json()).toEqual({ [key]: true });
    },
  );

  test('Get Matched mails support with the user and tenant', async () => {
    const { key, world } = await ownWorld();
    const supportMails = async () =>
      (await mailsTo(server, server.ctx.config.supportEmail)).filter((m) =>
        m.text?.includes(`E-mail: ${world.plainUser.email}`),
      );
    const mailsBefore = (await mailsTo(server, server.ctx.config.supportEmail)).length;
    const user = as(server, world.plainUser);
    const response = await user('POST', '/api/users/get-match-email', { userId: world.plainUser.email });
    expect(response.statusCode).toBe(204);
    const [mail] = await supportMails();
    expect(mail?.subject).toContain('Pat_User');
    expect(mail?.text).toContain(`E-mail: ${world.plainUser.email}`);
    expect(mail?.text).toContain(`Tenant: Tenant ${key} (${world.tenantB})`);

    for (const body of [
      undefined,
      { userId: 'nope' },
      { userId: 7 },
      { userId: 'someone.else@example.com' },
    ]) {
      const bad = await user('POST', '/api/users/get-match-email', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_error', fieldName: 'userId' });
    }
    expect(await supportMails()).toHaveLength(1);
    expect(await mailsTo(server, server.ctx.config.supportEmail)).toHaveLength(mailsBefore + 1);
  });

  test('every change above is in the tenant audit log', async () => {
    const { key, world, admin, master } = await ownWorld();
    // Each kind of change once: a user added, made administrator and back, given a tenant role, removed.
    const email = `audit.${key}@example.com`;
    await addUser(server, world.tenantAdmin, email, 'Audit_Me');
    expectStatus(await admin('PUT', '/api/users/tenant-admin', { userEmail: email }), 200);
    expectStatus(await admin('PUT', '/api/users/tenant-admin', { userEmail: email }), 200);
    expectStatus(
      await master('PUT', '/api/users/tenant-roles', {
        userEmail: email,
        tenantRoles: { [world.tenantB]: 'admin' },
      }),
      200,
    );
    expectStatus(await admin('DELETE', `/api/users/${email}`), 204);
    const csv = (await admin('GET', '/api/tenant/audit-log')).body;
    for (const action of ['user.added', 'user.admin-toggled', 'user.removed', 'user.tenant-role-changed']) {
      expect(csv).toContain(action);
    }
  });
});
