import { BOT_MESSAGES } from '@parley/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, type Call } from './support/admin-world';
import { createBot, overviewNames } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const M = BOT_MESSAGES;

/** The plan's bot cap (spec 01 sections 8 and 9): blocked, or warned about and then allowed. */
describe.each(testDatabases())('the bot cap of the plan on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = as(server, world.tenantAdmin);
  });
  afterAll(() => server?.close());

  const setPlan = (maxFreeBots: number, hasAdditionalBotsCost: boolean) =>
    server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_bots: maxFreeBots, has_additional_bots_cost: hasAdditionalBotsCost ? 1 : 0 })
      .where('id', '=', 'default')
      .execute();
  afterEach(() => setPlan(25, false));

  const create = (name: string, extra: Record<string, unknown> = {}) =>
    admin('POST', '/api/bot', { name, region: 'eu-west', language: 'en', ...extra });

  test('below the cap the limit says so and bots are created', async () => {
    await setPlan(2, false);
    expect((await admin('GET', '/api/bots/limit')).json()).toEqual({
      botCount: 0,
      maxFreeBots: 2,
      hasAdditionalBotsCost: false,
      isAtLimit: false,
    });
    await createBot(admin, 'One');
    await createBot(admin, 'Two');
    expect((await admin('GET', '/api/bots/limit')).json()).toMatchObject({ botCount: 2, isAtLimit: true });
  });

  test('at the cap without extra-cost bots: 403 custom_error offering the upgrade, nothing created', async () => {
    await setPlan(2, false);
    const response = await create('Three');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'custom_error',
      message: M.botLimitReached,
      botLimit: 'reached',
    });
    // Consent to a cost the plan does not offer changes nothing.
    expect((await create('Three', { acceptAdditionalCost: true })).statusCode).toBe(403);
    expect(await overviewNames(admin)).toEqual(['One', 'Two']);
  });

  test('at the cap with extra-cost bots: refused until the caller accepts the additional cost', async () => {
    await setPlan(2, true);
    expect((await admin('GET', '/api/bots/limit')).json()).toMatchObject({
      hasAdditionalBotsCost: true,
      isAtLimit: true,
    });
    const warned = await create('Three');
    expect(warned.statusCode).toBe(403);
    expect(warned.json()).toEqual({
      code: 'custom_error',
      message: M.botLimitAdditionalCost,
      botLimit: 'additional-cost',
    });
    expect(await overviewNames(admin)).toEqual(['One', 'Two']);
    expect((await create('Three', { acceptAdditionalCost: true })).statusCode).toBe(200);
    expect(await overviewNames(admin)).toEqual(['One', 'Three', 'Two']);
  });

  test('bad input is reported before the cap', async () => {
    await setPlan(0, false);
    expect((await create('bad.name')).json()).toMatchObject({ code: 'validation_error', fieldName: 'name' });
    expect((await create('One')).json()).toMatchObject({ message: M.nameTaken });
  });

  test('a deleted bot frees its place', async () => {
    await setPlan(3, false);
    expect((await create('Four')).statusCode).toBe(403);
    expect((await admin('DELETE', '/api/bots/Three')).statusCode).toBe(204);
    expect((await create('Four')).statusCode).toBe(200);
  });

  test('the cap counts the bots of the selected tenant only', async () => {
    await setPlan(3, false);
    // The master tenant is on its own plan and has no bots; tenant B's three do not count there.
    const master = as(server, world.master);
    expect((await master('GET', '/api/bots/limit')).json()).toMatchObject({ botCount: 0, isAtLimit: false });
    expect((await admin('GET', '/api/bots/limit')).json()).toMatchObject({ botCount: 3, isAtLimit: true });
  });
});
