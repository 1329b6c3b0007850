import { BOT_MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as } from './support/admin-world';
import { createBot, overviewNames } from './support/bots';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const M = BOT_MESSAGES;

/** The plan's bot cap (spec 01 sections 8 and 9): blocked, or warned about and then allowed. */
describe.each(testDatabases())('the bot cap of the plan on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  const setPlan = (maxFreeBots: number, hasAdditionalBotsCost: boolean | number) =>
    server.ctx.repos.db
      .updateTable('plans')
      .set({ max_free_bots: maxFreeBots, has_additional_bots_cost: hasAdditionalBotsCost ? 1 : 0 })
      .where('id', '=', 'default')
      .execute();

  /** Runs `body` with the default plan's bot cap set so, and gives the plan its cap back after. */
  async function withPlan(maxFreeBots: number, hasAdditionalBotsCost: boolean, body: () => Promise<void>) {
    const before = await server.ctx.repos.db
      .selectFrom('plans')
      .select(['max_free_bots', 'has_additional_bots_cost'])
      .where('id', '=', 'default')
      .executeTakeFirstOrThrow();
    await setPlan(maxFreeBots, hasAdditionalBotsCost);
    try {
      await body();
    } finally {
      await setPlan(before.max_free_bots, before.has_additional_bots_cost);
    }
  }

  /** A tenant B of the test's own with these bots; admin is Bea, its account administrator. */
  async function ownWorld(...botNames: string[]) {
    const world = await buildOwnAdminWorld(server, base);
    const admin = as(server, world.tenantAdmin);
    for (const name of botNames) await createBot(admin, name);
    const create = (name: string, extra: Record<string, unknown> = {}) =>
      admin('POST', '/api/bot', { name, region: 'eu-west', language: 'en', ...extra });
    return { world, admin, create };
  }

  test('below the cap the limit says so and bots are created', async () => {
    const { admin } = await ownWorld();
    await withPlan(2, false, async () => {
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
  });

  test('at the cap without extra-cost bots: 403 custom_error offering the upgrade, nothing created', async () => {
    const { admin, create } = await ownWorld('One', 'Two');
    await withPlan(2, false, async () => {
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
  });

  test('at the cap with extra-cost bots: refused until the caller accepts the additional cost', async () => {
    const { admin, create } = await ownWorld('One', 'Two');
    await withPlan(2, true, async () => {
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
  });

  test('bad input is reported before the cap', async () => {
    const { create } = await ownWorld('One');
    await withPlan(0, false, async () => {
      expect((await create('bad.name')).json()).toMatchObject({
        code: 'validation_error',
        fieldName: 'name',
      });
      expect((await create('One')).json()).toMatchObject({ message: M.nameTaken });
    });
  });

  test('a deleted bot frees its place', async () => {
    const { admin, create } = await ownWorld('One', 'Two', 'Three');
    await withPlan(3, false, async () => {
      expect((await create('Four')).statusCode).toBe(403);
      expect((await admin('DELETE', '/api/bots/Three')).statusCode).toBe(204);
      expect((await create('Four')).statusCode).toBe(200);
    });
  });

  test('the cap counts the bots of the selected tenant only', async () => {
    const { world, admin } = await ownWorld('One', 'Two', 'Three');
    await withPlan(3, false, async () => {
      // The master tenant is on its own plan and has no bots; tenant B's three do not count there.
      const master = as(server, world.master);
      expect((await master('GET', '/api/bots/limit')).json()).toMatchObject({
        botCount: 0,
        isAtLimit: false,
      });
      expect((await admin('GET', '/api/bots/limit')).json()).toMatchObject({ botCount: 3, isAtLimit: true });
    });
  });
});
