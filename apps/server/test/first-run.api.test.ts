import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createPostgresDatabase, testDatabases } from './support/databases';
import { startTestServer } from './support/test-server';

/** N identical processes behind a load balancer start together on an empty database. */
describe.each(testDatabases())('processes starting together on an empty %s database', (kind) => {
  test('agree on one master tenant and one set of plans', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-first-run-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const env = { DATA_DIR: dataDir, DATABASE_URL: pg?.url };
    const servers = await Promise.all([
      startTestServer(kind, env),
      startTestServer(kind, env),
      startTestServer(kind, env),
    ]);
    try {
      const tenants = await servers[0]?.ctx.repos.tenants.list();
      expect(tenants?.filter((t) => t.isMaster)).toHaveLength(1);
      const plans = await servers[0]?.ctx.repos.plans.list();
      expect(plans?.map((p) => p.id).sort()).toEqual(['default', 'master']);
      const master = tenants?.find((t) => t.isMaster);
      expect((await servers[0]?.ctx.repos.forTenant(master?.id ?? '').roles.list())?.length).toBe(4);
    } finally {
      for (const server of servers) await server.close().catch(() => undefined);
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
