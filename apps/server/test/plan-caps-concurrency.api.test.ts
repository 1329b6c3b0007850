import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, USER_PASSWORD } from './support/admin-world';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 9: concurrent requests passed the plan's caps on PostgreSQL (seats 59 of 50, bots 27 of
 * 25): a cap is checked in the inserting transaction, under the tenant's lock.
 */
describe.each(testDatabases())('plan caps under concurrent requests on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  const setPlan = (values: { max_free_bots?: number; max_free_users?: number }) =>
    server.ctx.repos.db.updateTable('plans').set(values).where('id', '=', 'default').execute();

  test('twenty bots asked for at once where three fit: three are created', async () => {
    const admin = as(server, world.tenantAdmin);
    const existing = await server.ctx.repos.forTenant(world.tenantB).bots.count();
    await setPlan({ max_free_bots: existing + 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin('POST', '/api/bot', { name: `Burst ${i}`, region: 'eu-west', language: 'en' }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200 || status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 403)).toHaveLength(17);
      expect(await server.ctx.repos.forTenant(world.tenantB).bots.count()).toBe(existing + 3);
    } finally {
      await setPlan({ max_free_bots: 25 });
    }
  });

  test('twenty people added at once where two seats are free: two join', async () => {
    const admin = as(server, world.tenantAdmin);
    const members = await server.ctx.repos.forTenant(world.tenantB).members.count();
    await setPlan({ max_free_users: members + 2 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          admin('POST', '/api/users', {
            name: `Burst_${i}`,
            email: `burst${i}@example.com`,
            password: USER_PASSWORD,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status < 300)).toHaveLength(2);
      expect(statuses.filter((status) => status === 403)).toHaveLength(18);
      expect(await server.ctx.repos.forTenant(world.tenantB).members.count()).toBe(members + 2);
    } finally {
      await setPlan({ max_free_users: 50 });
    }
  });
});
