import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addUser,
  as,
  buildAdminWorld,
  createTenant,
  expectStatus,
  USER_PASSWORD,
} from './support/admin-world';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: principal revocation is tested on one process only.');

/**
 * Each authenticated request reads its principal from a per-process cache (issue 9: speed of
 * every request); every change to who a user is or may do takes effect at once, on every process.
 */
describe.each(testDatabases())('revocation with cached principals on %s', (kind) => {
  let server: TestServer;
  let world: Awaited<ReturnType<typeof buildAdminWorld>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  const tenantAdminOnly = (token: string) =>
    server.request({ method: 'GET', url: '/api/tenant/users', token });

  test('an administrator made a user, and a user made an administrator, at once', async () => {
    const admin = as(server, world.tenantAdmin);
    expect((await tenantAdminOnly(world.plainUser.token)).statusCode).toBe(403);
    expectStatus(await admin('PUT', '/api/users/tenant-admin', { userEmail: world.plainUser.email }), 200);
    expect((await tenantAdminOnly(world.plainUser.token)).statusCode).toBe(200);
    expectStatus(await admin('PUT', '/api/users/tenant-admin', { userEmail: world.plainUser.email }), 200);
    expect((await tenantAdminOnly(world.plainUser.token)).statusCode).toBe(403);
  });

  test('a user removed from the tenant is refused at once', async () => {
    const email = `leaving-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await addUser(server, world.tenantAdmin, email);
    const { token } = await server.login(email, USER_PASSWORD);
    expect((await server.request({ method: 'GET', url: '/api/users/info', token })).statusCode).toBe(200);
    expectStatus(await as(server, world.tenantAdmin)('DELETE', `/api/users/${email}`), 204);
    expect(
      (await server.request({ method: 'GET', url: '/api/users/info', token })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  test('the selected tenant and a deleted tenant are seen at once', async () => {
    const master = as(server, world.master);
    const tenantC = await createTenant(server, world.master, `Tenant ${crypto.randomUUID().slice(0, 6)}`);
    expectStatus(await master('PUT', '/api/users/selected-tenant', { tenantId: tenantC }), 200);
    expect((await master('GET', '/api/users/info')).json().selectedTenantId).toBe(tenantC);
    expectStatus(await master('DELETE', `/api/tenant/${tenantC}`), 200);
    const info = (await master('GET', '/api/users/info')).json();
    expect(info.selectedTenantId).not.toBe(tenantC);
    expect(JSON.stringify(info.visibleTenants)).not.toContain(tenantC);
  });
});

describe.runIf(redisUrl).each(testDatabases())('revocation across two processes on %s', (kind) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer(kind, { REDIS_URL: redisUrl });
    b = await startTestServer(kind, {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('a role change on process A takes effect at once on process B, which had the principal cached', async () => {
    const world = await buildAdminWorld(a);
    const onB = () => b.request({ method: 'GET', url: '/api/tenant/users', token: world.plainUser.token });
    expect((await onB()).statusCode).toBe(403);
    expectStatus(
      await as(a, world.tenantAdmin)('PUT', '/api/users/tenant-admin', { userEmail: world.plainUser.email }),
      200,
    );
    await expect.poll(async () => (await onB()).statusCode).toBe(200);
    expectStatus(
      await as(a, world.tenantAdmin)('PUT', '/api/users/tenant-admin', { userEmail: world.plainUser.email }),
      200,
    );
    await expect.poll(async () => (await onB()).statusCode).toBe(403);
  });
});
