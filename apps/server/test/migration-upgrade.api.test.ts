import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle, migrateToLatest } from '@parley/db';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { MIGRATIONS } from '../../../packages/db/src/migrations';
import { createPostgresDatabase, testDatabases } from './support/databases';

/**
 * A database of an earlier release upgrades with its data: migrations that landed are never
 * edited, later ones carry what is there over (here: conversations logged before turns were
 * numbered and traced).
 */
describe.each(testDatabases())('upgrading a %s database of an earlier release', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function databaseAt(migration: string): Promise<DatabaseHandle> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-upgrade-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    if (pg) cleanups.push(pg.drop);
    // One connection: the session setting below that turns off foreign keys holds for it.
    const handle = connectDatabase({ databaseUrl: pg?.url, dataDir, poolSize: 1 });
    cleanups.push(handle.close);
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => MIGRATIONS },
      allowUnorderedMigrations: true,
    });
    const { error } = await migrator.migrateTo(migration);
    if (error) throw error;
    return handle;
  }

  test('turns logged before they were numbered get their order and their conversation its turn count', async () => {
    const handle = await databaseAt('202611251020-conversations');
    const db = handle.db as unknown as Kysely<unknown>;
    // The rows this test needs, without the tenant and bot they would belong to.
    if (kind === 'postgres') await sql`set session_replication_role = replica`.execute(db);
    else await sql`pragma foreign_keys = off`.execute(db);
    const conversation = (id: string) => ({
      id,
      tenant_id: 't1',
      bot_id: 't1-bot',
      channel: 'test-chat',
      user_key: 'ann',
      language: 'en',
      is_test: kind === 'postgres' ? true : 1,
      started_at: '2026-11-24T10:00:00.000Z',
      last_activity_at: '2026-11-24T10:05:00.000Z',
      state: '{}',
    });
    await (db as Kysely<{ conversations: Record<string, unknown> }>)
      .insertInto('conversations')
      .values([conversation('c1'), conversation('c2')])
      .execute();
    const turn = (id: string, conversationId: string, at: string, direction: 'in' | 'out') => ({
      id,
      conversation_id: conversationId,
      tenant_id: 't1',
      bot_id: 't1-bot',
      at,
      direction,
      activity: JSON.stringify({ type: 'text', text: id }),
      block_ids: JSON.stringify(['Activity_1']),
    });
    await (db as Kysely<{ turns: Record<string, unknown> }>)
      .insertInto('turns')
      .values([
        turn('b-out', 'c1', '2026-11-24T10:00:01.000Z', 'out'),
        turn('a-in', 'c1', '2026-11-24T10:00:01.000Z', 'in'),
        turn('c-in', 'c1', '2026-11-24T10:00:03.000Z', 'in'),
        turn('d-in', 'c2', '2026-11-24T10:00:02.000Z', 'in'),
      ])
      .execute();

    await migrateToLatest(handle.db);
    const withoutBlockIds = ({ block_ids: _blockIds, ...rest }: ReturnType<typeof turn>) => rest;

    const turns = await handle.db
      .selectFrom('turns')
      .select(['id', 'conversation_id', 'seq', 'hits'])
      .orderBy('conversation_id')
      .orderBy('seq')
      .execute();
    // Time first, then id for turns of one millisecond.
    expect(turns.map((t) => [t.conversation_id, t.seq, t.id, t.hits])).toEqual([
      ['c1', 1, 'a-in', null],
      ['c1', 2, 'b-out', null],
      ['c1', 3, 'c-in', null],
      ['c2', 1, 'd-in', null],
    ]);
    const conversations = await handle.db
      .selectFrom('conversations')
      .select(['id', 'turn_count', 'is_touchless'])
      .orderBy('id')
      .execute();
    expect(conversations.map((c) => [c.id, c.turn_count, Boolean(c.is_touchless)])).toEqual([
      ['c1', 2, false],
      ['c2', 1, false],
    ]);
    // A turn numbered twice in one conversation is refused.
    await expect(
      handle.db
        .insertInto('turns')
        .values({ ...withoutBlockIds(turn('e-in', 'c2', '2026-11-24T10:00:04.000Z', 'in')), seq: 1 } as never)
        .execute(),
    ).rejects.toThrow();
  });
});
