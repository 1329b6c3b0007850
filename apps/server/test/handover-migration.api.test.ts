import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Permission } from '@parley/contracts';
import { connectDatabase, createRepositories, type DatabaseHandle, migrateToLatest } from '@parley/db';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { MIGRATIONS } from '../../../packages/db/src/migrations';
import { createPostgresDatabase, testDatabases } from './support/databases';

/**
 * Migration 202611281040-handover on a database of the release before it: the existing tenants'
 * built-in Maintainer (3) and Administrator (4) roles gain 'Answer handed-over conversations'
 * (60) as new tenants' do; other roles stay as their administrators set them. And the table's
 * rules: one open handover per conversation, taken by one agent only, tenants apart.
 */
describe.each(testDatabases())('the handover migration on %s', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function databaseBeforeHandover(): Promise<DatabaseHandle> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-handover-upgrade-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    if (pg) cleanups.push(pg.drop);
    const handle = connectDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 1 });
    cleanups.push(handle.close);
    // The schema as it was: every migration named before the handover's (later ones build on it).
    const before = Object.fromEntries(
      Object.entries(MIGRATIONS).filter(([name]) => name < '202611281040-handover'),
    );
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => before },
      allowUnorderedMigrations: true,
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    return handle;
  }

  test('Maintainer and Administrator roles of existing tenants gain permission 60, once', async () => {
    const handle = await databaseBeforeHandover();
    const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    if (kind === 'postgres') await sql`set session_replication_role = replica`.execute(db);
    else await sql`pragma foreign_keys = off`.execute(db);
    const roles = [
      { tenant_id: 't1', role_id: 1, role_name: 'Designer' },
      { tenant_id: 't1', role_id: 3, role_name: 'Maintainer' },
      { tenant_id: 't1', role_id: 4, role_name: 'Administrator' },
      { tenant_id: 't2', role_id: 4, role_name: 'Administrator' },
      { tenant_id: 't2', role_id: 100, role_name: 'Support desk' },
    ];
    await db.insertInto('roles').values(roles).execute();
    await db
      .insertInto('role_permissions')
      .values([
        { tenant_id: 't1', role_id: 1, permission_id: Permission.TestBot },
        { tenant_id: 't1', role_id: 3, permission_id: Permission.TestBot },
        // Already there (a role someone edited through the API after a deploy): not added twice.
        { tenant_id: 't2', role_id: 4, permission_id: Permission.AnswerHandovers },
      ])
      .execute();

    await migrateToLatest(handle.db);

    const held = await handle.db
      .selectFrom('role_permissions')
      .select(['tenant_id', 'role_id', 'permission_id'])
      .where('permission_id', '=', Permission.AnswerHandovers)
      .orderBy('tenant_id')
      .orderBy('role_id')
      .execute();
    expect(held.map((r) => [r.tenant_id, Number(r.role_id)])).toEqual([
      ['t1', 3],
      ['t1', 4],
      ['t2', 4],
    ]);
    const tables = await handle.db.selectFrom('handovers').selectAll().execute();
    expect(tables).toEqual([]);
  });

  test('one open handover per conversation; one agent takes it; another tenant sees none of it', async () => {
    const handle = await databaseBeforeHandover();
    await migrateToLatest(handle.db);
    const db = handle.db as unknown as Kysely<unknown>;
    if (kind === 'postgres') await sql`set session_replication_role = replica`.execute(db);
    else await sql`pragma foreign_keys = off`.execute(db);
    const repos = createRepositories(handle.db);
    const mine = repos.forTenant('t1').handovers;
    const first = await mine.queue({ botId: 't1-bot', conversationId: 'c1', reason: 'handoverBlock' });
    expect(first?.status).toBe('queued');
    expect(
      await mine.queue({ botId: 't1-bot', conversationId: 'c1', reason: 'unrecognizedIntent' }),
    ).toBeUndefined();
    if (!first) throw new Error('not queued');

    expect(await repos.forTenant('t2').handovers.openOf('c1')).toBeUndefined();
    expect(await repos.forTenant('t2').handovers.take(first.id, 'mallory@example.com')).toBe(false);
    const takes = await Promise.all([
      mine.take(first.id, 'ann@example.com'),
      mine.take(first.id, 'bob@example.com'),
    ]);
    expect(takes.filter(Boolean)).toHaveLength(1);
    const taken = await mine.openOf('c1');
    expect(taken).toMatchObject({
      status: 'active',
      agentId: takes[0] ? 'ann@example.com' : 'bob@example.com',
    });

    // Ended only as it was seen: an agent who does not have it cannot end it.
    expect(await mine.end(first.id, { status: 'active', agentId: 'someone@example.com' })).toBe(false);
    expect(await mine.end(first.id, { status: 'active', agentId: taken?.agentId ?? null })).toBe(true);
    expect(await mine.openOf('c1')).toBeUndefined();
    // Over: the conversation may be handed over again.
    expect(
      (await mine.queue({ botId: 't1-bot', conversationId: 'c1', reason: 'handoverBlock' }))?.status,
    ).toBe('queued');
  });
});
