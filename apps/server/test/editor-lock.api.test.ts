import {
  EDITOR_LOCK_POLL_MS,
  EDITOR_LOCK_TTL_MS,
  type EditorLockView,
  FLOW_EDITOR_MESSAGES as M,
  Permission,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus, USER_PASSWORD } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { botUserWith, editorPath } from './support/flow-editor';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The flow editor's lock (spec 03 sections 2.1, 4.1, 7 'Lock'): one sign-in session at a time has a
 * bot's editor open; others are told 423 with the Locked dialog's text until it lets go or stops
 * asking. It lives in the database, so processes sharing it agree.
 */
describe.each(testDatabases())('the flow editor lock on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  let path: string;
  let viewer: Call;
  let textEditor: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Lock Bot');
    bot = w.botName;
    path = editorPath(bot);
    viewer = (
      await botUserWith(server, w.world, bot, { email: 'vic.viewer@example.com', name: 'Vic_Viewer' }, [
        Permission.TestBot,
        Permission.SeeConversationLog,
      ])
    ).call;
    textEditor = (
      await botUserWith(server, w.world, bot, { email: 'tess.texts@example.com', name: 'Tess_Texts' }, [
        Permission.ManageFlows,
      ])
    ).call;
  });
  afterAll(() => server?.close());

  const release = async (call: Call) => expectStatus(await call('DELETE', path), 204);
  const expectLocked = (response: Awaited<ReturnType<Call>>) => {
    expect(response.statusCode).toBe(423);
    expect(response.json()).toEqual({ code: 'custom_error', message: M.locked, isLocked: true });
  };
  const lockRow = async () =>
    server.ctx.repos.db
      .selectFrom('flow_editor_locks')
      .selectAll()
      .where('bot_id', 'like', `%lock-bot`)
      .execute();

  test('the first caller holds the lock; polling keeps it; another user of the tenant is told it is locked', async () => {
    const first = expectStatus(await w.designer('GET', path), 200).json() as EditorLockView;
    expect(first).toEqual({
      isLocked: false,
      heldSince: expect.any(String),
      expiresAt: expect.any(String),
      pollIntervalMs: EDITOR_LOCK_POLL_MS,
    });
    expect(Date.parse(first.expiresAt) - Date.parse(first.heldSince)).toBe(EDITOR_LOCK_TTL_MS);

    const again = expectStatus(await w.designer('GET', path), 200).json() as EditorLockView;
    expect(again.heldSince).toBe(first.heldSince);
    expect(Date.parse(again.expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.expiresAt));

    expectLocked(await w.admin('GET', path));
    expectLocked(await textEditor('GET', path));
    // Refused callers change nothing.
    expect((await lockRow()).map((r) => r.user_id)).toEqual([w.world.plainUser.email]);
    await release(w.designer);
  });

  test('the same user signed in a second time (another browser) is another holder', async () => {
    expectStatus(await w.designer('GET', path), 200);
    const secondBrowser = as(server, (await server.login(w.world.plainUser.email, USER_PASSWORD)).token);
    expectLocked(await secondBrowser('GET', path));
    await release(w.designer);
    expectStatus(await secondBrowser('GET', path), 200);
    await release(secondBrowser);
  });

  test('releasing frees the lock at once; only the holder can release it; releasing twice is fine', async () => {
    expectStatus(await w.designer('GET', path), 200);
    // Someone else's DELETE leaves the lock where it is.
    await release(w.admin);
    expectLocked(await w.admin('GET', path));
    await release(w.designer);
    await release(w.designer);
    expect(await lockRow()).toEqual([]);
    expectStatus(await w.admin('GET', path), 200);
    expectLocked(await w.designer('GET', path));
    await release(w.admin);
  });

  test('a holder that stops asking (a closed browser) loses the lock once it expires', async () => {
    expectStatus(await w.designer('GET', path), 200);
    expectLocked(await w.admin('GET', path));
    // Time passes for the lock: its holder asked last just over the expiry ago.
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await server.ctx.repos.db
      .updateTable('flow_editor_locks')
      .set({ taken_at: past(EDITOR_LOCK_TTL_MS + 60_000), expires_at: past(1) })
      .execute();
    const taken = expectStatus(await w.admin('GET', path), 200).json() as EditorLockView;
    // A new hold begins.
    expect(Date.now() - Date.parse(taken.heldSince)).toBeLessThan(10_000);
    expectLocked(await w.designer('GET', path));
    await release(w.admin);
  });

  test('the expiry is exact: a lock is another holder’s until its time is up, and free from then on', async () => {
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const botId = (await scope.bots.get(bot))?.id as string;
    const ann = { sessionId: 's-ann', userId: 'ann@example.com' };
    const ben = { sessionId: 's-ben', userId: 'ben@example.com' };
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, 0) + ms);
    expect(await scope.editorLocks.take(botId, ann, at(0), EDITOR_LOCK_TTL_MS)).toMatchObject({
      isHeld: true,
    });
    expect(await scope.editorLocks.take(botId, ben, at(EDITOR_LOCK_TTL_MS - 1), EDITOR_LOCK_TTL_MS)).toEqual({
      isHeld: false,
      expiresAt: at(EDITOR_LOCK_TTL_MS).toISOString(),
    });
    // Ann polls in time: her hold goes on from when she asked.
    expect(await scope.editorLocks.take(botId, ann, at(10_000), EDITOR_LOCK_TTL_MS)).toEqual({
      isHeld: true,
      takenAt: at(0).toISOString(),
      expiresAt: at(10_000 + EDITOR_LOCK_TTL_MS).toISOString(),
    });
    expect(await scope.editorLocks.take(botId, ben, at(24_999), EDITOR_LOCK_TTL_MS)).toMatchObject({
      isHeld: false,
    });
    expect(await scope.editorLocks.take(botId, ben, at(25_000), EDITOR_LOCK_TTL_MS)).toEqual({
      isHeld: true,
      takenAt: at(25_000).toISOString(),
      expiresAt: at(25_000 + EDITOR_LOCK_TTL_MS).toISOString(),
    });
    expect(await scope.editorLocks.release(botId, ann.sessionId)).toBe(false);
    expect(await scope.editorLocks.release(botId, ben.sessionId)).toBe(true);
  });

  test('many requests at once from two holders: exactly one of them gets the lock, and keeps it', async () => {
    const callers = [w.designer, w.admin];
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => ({
        who: i % 2,
        response: await (callers[i % 2] as Call)('GET', path),
      })),
    );
    const winners = new Set(answers.filter((a) => a.response.statusCode === 200).map((a) => a.who));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    for (const { who, response } of answers) {
      if (who === winner) expect(response.statusCode).toBe(200);
      else expectLocked(response);
    }
    expect(await lockRow()).toHaveLength(1);
    await release(callers[winner as number] as Call);

    // And straight at the database: twenty sessions asking for a free lock at once, one gets it.
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const botId = (await scope.bots.get(bot))?.id as string;
    const now = new Date();
    const takes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        scope.editorLocks.take(
          botId,
          { sessionId: `race-${i}`, userId: 'x@example.com' },
          now,
          EDITOR_LOCK_TTL_MS,
        ),
      ),
    );
    expect(takes.filter((t) => t.isHeld)).toHaveLength(1);
    const [row] = await lockRow();
    expect(await scope.editorLocks.release(botId, row?.session_id as string)).toBe(true);
  });

  test('any right to change flows opens the editor; without one it is a 403, and another tenant’s bot is unknown', async () => {
    expectStatus(await textEditor('GET', path), 200);
    await release(textEditor);
    for (const call of [viewer, w.stranger]) {
      const refused = await call('GET', path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('permission_error');
      expect((await call('DELETE', path)).statusCode).toBe(403);
    }
    expect((await viewer('GET', path)).json().requiredPermission).toBe(Permission.ManageIntents);
    const unknown = await w.admin('GET', editorPath('No Such Bot'));
    expect(unknown.statusCode).toBe(404);
    expect((await w.admin('DELETE', editorPath('No Such Bot'))).statusCode).toBe(404);
    expect((await server.request({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  test('a bot of the same name in another tenant has a lock of its own', async () => {
    const master = as(server, w.world.master);
    await createBot(master, bot);
    expectStatus(await w.designer('GET', path), 200);
    expectStatus(await master('GET', path), 200);
    expectLocked(await w.admin('GET', path));
    await release(master);
    await release(w.designer);
  });

  test('deleting the bot deletes its lock', async () => {
    await createBot(w.admin, 'Doomed Lock Bot');
    expectStatus(await w.admin('GET', editorPath('Doomed Lock Bot')), 200);
    expectStatus(await w.admin('DELETE', '/api/bots/Doomed%20Lock%20Bot'), 204);
    const rows = await server.ctx.repos.db
      .selectFrom('flow_editor_locks')
      .select('bot_id')
      .where('bot_id', 'like', '%doomed-lock-bot')
      .execute();
    expect(rows).toEqual([]);
  });

  test('two server processes sharing the database agree on who holds the lock', async () => {
    const other = await startTestServer(kind, {
      DATA_DIR: server.ctx.config.dataDir,
      DATABASE_URL: server.ctx.config.databaseUrl,
    });
    try {
      const designerThere = as(other, w.world.plainUser.token);
      const adminThere = as(other, w.world.tenantAdmin.token);
      expectStatus(await w.designer('GET', path), 200);
      expectLocked(await adminThere('GET', path));
      // The holder's polls may land on either process.
      expectStatus(await designerThere('GET', path), 200);
      const both = await Promise.all([
        ...Array.from({ length: 10 }, () => w.admin('GET', path)),
        ...Array.from({ length: 10 }, () => adminThere('GET', path)),
      ]);
      for (const response of both) expectLocked(response);
      await release(designerThere);
      expectStatus(await w.admin('GET', path), 200);
      expectLocked(await designerThere('GET', path));
      await release(adminThere);
    } finally {
      await other.close();
    }
  });
});
