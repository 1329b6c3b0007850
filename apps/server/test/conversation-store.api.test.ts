import { SEARCH_INDEX_TABLES } from '@parley/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Talk Bot';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Issue 9: conversations and their append-only turns, with real timestamps and JSON on
 * PostgreSQL, read back the same on both databases; statistics counted from turns.
 */
describe.each(testDatabases())('conversations and turns on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const scopeOf = async (botName: string) => {
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const bot = await scope.bots.get(botName);
    if (!bot) throw new Error(`no bot ${botName}`);
    return { store: scope.conversations(bot.id), bot };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
  });
  afterAll(() => server?.close());

  test('a conversation keeps its state; its turns come back in order with their activities', async () => {
    await createBot(w.admin, 'State Bot');
    const { store } = await scopeOf('State Bot');
    const conversation = await store.start({
      channel: 'test-chat',
      userKey: 'tina',
      language: 'en',
      isTest: true,
    });
    expect(conversation).toMatchObject({ channel: 'test-chat', isTest: true, endedAt: null, state: {} });
    expect(conversation.startedAt).toMatch(ISO);

    await store.appendTurn(conversation.id, {
      direction: 'in',
      activity: { type: 'text', text: 'where is my order?' },
      intent: 'OrderStatus',
      confidence: 0.91,
    });
    await store.appendTurn(conversation.id, {
      direction: 'out',
      activity: { type: 'text', text: 'Your order is [OrderStatus].', buttons: ['Track'] },
      flow: 'OrderStatus',
      hits: [
        { flow: 'OrderStatus', owner: 'intent', version: 2, blockId: 'Activity_1' },
        { flow: 'OrderStatus', owner: 'intent', version: 2, blockId: 'Activity_2' },
      ],
      counted: [{ variable: 'OrderStatus', value: 'shipped' }],
    });
    expect((await store.get(conversation.id))?.isTouchless).toBe(false);
    const stored = await store.storeTurn(conversation.id, conversation.turnCount, {
      state: { waitingAt: 'Activity_2', variables: { OrderStatus: 'shipped' } },
      isTouchless: true,
      log: [{ direction: 'in', activity: { type: 'text', text: 'thanks' }, sentiment: 0.5 }],
    });
    // Numbered after the two appended turns, from the conversation's own count.
    expect(stored).toEqual({ seqs: [3] });
    expect((await store.get(conversation.id))?.isTouchless).toBe(true);
    // A turn that read the conversation before that one stores nothing.
    expect(
      await store.storeTurn(conversation.id, conversation.turnCount, {
        state: {},
        isTouchless: false,
        log: [],
      }),
    ).toBeUndefined();
    await store.end(conversation.id);

    const turns = await store.turnsOf(conversation.id);
    expect(turns.map((t) => [t.direction, t.activity, t.intent, t.confidence, t.hits, t.counted])).toEqual([
      ['in', { type: 'text', text: 'where is my order?' }, 'OrderStatus', 0.91, null, null],
      [
        'out',
        { type: 'text', text: 'Your order is [OrderStatus].', buttons: ['Track'] },
        null,
        null,
        [
          { flow: 'OrderStatus', owner: 'intent', version: 2, blockId: 'Activity_1' },
          { flow: 'OrderStatus', owner: 'intent', version: 2, blockId: 'Activity_2' },
        ],
        [{ variable: 'OrderStatus', value: 'shipped' }],
      ],
      ['in', { type: 'text', text: 'thanks' }, null, null, null, null],
    ]);
    expect(turns.every((t) => ISO.test(t.at))).toBe(true);
    const after = await store.get(conversation.id);
    expect(after?.state).toEqual({ waitingAt: 'Activity_2', variables: { OrderStatus: 'shipped' } });
    expect(after?.endedAt).toMatch(ISO);
    expect(after?.lastSeq).toBe(3);
    expect((await store.list({ isTest: true })).map((c) => c.id)).toContain(conversation.id);
    expect(await store.list({ isTest: false })).toEqual([]);
  });

  test("another bot's store neither sees nor extends a conversation", async () => {
    await createBot(w.admin, 'Other Bot');
    const { store } = await scopeOf(BOT);
    const { store: other } = await scopeOf('Other Bot');
    const conversation = await store.start({
      channel: 'web',
      userKey: 'visitor-1',
      language: 'en',
      isTest: false,
    });
    expect(await other.get(conversation.id)).toBeUndefined();
    expect(
      await other.appendTurn(conversation.id, { direction: 'in', activity: { text: 'hi' } }),
    ).toBeUndefined();
    expect(await store.turnsOf(conversation.id)).toEqual([]);
  });

  test('statistics count users’ turns per day and per intent', async () => {
    await createBot(w.admin, 'Stats Bot');
    const { store } = await scopeOf('Stats Bot');
    const conversation = await store.start({
      channel: 'web',
      userKey: 'visitor-2',
      language: 'en',
      isTest: false,
    });
    for (const intent of ['Greeting', 'Pricing', 'Greeting'])
      await store.appendTurn(conversation.id, { direction: 'in', activity: { text: intent }, intent });
    await store.appendTurn(conversation.id, { direction: 'in', activity: { text: 'asdf' } });
    await store.appendTurn(conversation.id, { direction: 'out', activity: { text: 'hello' } });
    const today = new Date().toISOString().slice(0, 10);
    const from = `${today}T00:00:00.000Z`;
    const to = new Date(Date.parse(from) + 86_400_000).toISOString();
    expect(await store.userTurnsPerDay(from, to)).toEqual([{ day: today, count: 4 }]);
    expect(await store.intentCounts(from, to)).toEqual([
      { intent: 'Greeting', count: 2 },
      { intent: 'Pricing', count: 1 },
    ]);
    expect(await store.userTurnsPerDay(to, new Date(Date.parse(to) + 86_400_000).toISOString())).toEqual([]);
  });

  test('deleting the bot deletes its conversations and turns', async () => {
    await createBot(w.admin, 'Doomed Bot');
    const { store, bot } = await scopeOf('Doomed Bot');
    const conversation = await store.start({ channel: 'web', userKey: 'v', language: 'en', isTest: false });
    await store.appendTurn(conversation.id, { direction: 'in', activity: { text: 'hi' } });
    expectStatus(await w.admin('DELETE', botPath('Doomed Bot')), 204);
    const db = server.ctx.repos.db;
    expect(await db.selectFrom('conversations').select('id').where('bot_id', '=', bot.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('turns').select('id').where('bot_id', '=', bot.id).execute()).toEqual([]);
  });

  if (kind === 'postgres') {
    test('PostgreSQL keeps real timestamps, JSON and booleans in the new tables', async () => {
      const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and table_name in ('conversations', 'turns')`.execute(
        server.ctx.repos.db,
      );
      const typeOf = (table: string, column: string) =>
        rows.find((r) => r.table_name === table && r.column_name === column)?.data_type;
      expect(typeOf('conversations', 'started_at')).toBe('timestamp with time zone');
      expect(typeOf('conversations', 'state')).toBe('jsonb');
      expect(typeOf('conversations', 'is_test')).toBe('boolean');
      expect(typeOf('turns', 'at')).toBe('timestamp with time zone');
      expect(typeOf('turns', 'activity')).toBe('jsonb');
    });
  }
});

/** The same migrations give both databases the same tables and columns (no drift between dialects). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the schema on SQLite and PostgreSQL', () => {
  test('has the same tables with the same columns', async () => {
    const sqlite = await startTestServer('sqlite');
    const postgres = await startTestServer('postgres');
    try {
      const sqliteTables = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
        sqlite.ctx.repos.db,
      );
      const sqliteColumns: string[] = [];
      for (const { name } of sqliteTables.rows) {
        const columns = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(
          sqlite.ctx.repos.db,
        );
        sqliteColumns.push(...columns.rows.map((c) => `${name}.${c.name}`));
      }
      const pgColumns = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(
        postgres.ctx.repos.db,
      );
      // A full-text index differs by design (FTS5 and its own tables; a tsvector table): raw SQL reads it.
      const isSearchIndex = (column: string) =>
        SEARCH_INDEX_TABLES.some((table) => column.startsWith(`${table}.`) || column.startsWith(`${table}_`));
      expect(
        pgColumns.rows
          .map((c) => `${c.table_name}.${c.column_name}`)
          .filter((c) => !isSearchIndex(c))
          .sort(),
      ).toEqual(sqliteColumns.filter((c) => !isSearchIndex(c)).sort());
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  });
});
