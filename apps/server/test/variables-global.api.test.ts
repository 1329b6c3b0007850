import { VARIABLE_MESSAGES as M, Permission } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createEntity, refusal } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { ownTenantContentWorld } from './support/own-tenant-world';
import { startTestServer, type TestServer } from './support/test-server';
import {
  errorOf,
  objectBody,
  objectPath,
  putObject,
  putVariables,
  readAll,
  usagePath,
  variablePath,
} from './support/variables';

const SECOND = 'Second Bot';

describe.each(testDatabases())('global variables and objects on %s', (kind) => {
  let server: TestServer;
  /** The first world: its master administrator makes each test's tenant. */
  let base: ContentWorld;
  let w: ContentWorld;
  let bot: string;

  /**
   * A tenant of the test's own (global names are the tenant's) with the content bot and the
   * second bot; with store_code put by the designer (EUR) then made global by the
   * administrator (USD), as the file's first two tests do, when asked.
   */
  const ownWorld = async (label: string, seed: { globalStoreCode?: boolean } = {}) => {
    w = await ownTenantContentWorld(server, base.world, label);
    bot = w.botName;
    await createBot(w.admin, SECOND);
    if (seed.globalStoreCode) {
      expectStatus(await putVariables(w.designer, bot, [{ key: 'store_code', value: 'EUR' }]), 200);
      expectStatus(
        await putVariables(w.admin, bot, [{ key: 'store_code', value: 'USD', isGlobal: true }]),
        200,
      );
    }
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await buildContentWorld(server);
  });
  afterAll(() => server?.close());

  const expectMakeGlobalRefusal = (response: Awaited<ReturnType<Call>>) =>
    expect({ ...errorOf(response), requiredPermission: response.json().requiredPermission }).toMatchObject({
      status: 403,
      code: 'permission_error',
      requiredPermission: Permission.MakeGlobal,
    });

  test('without MakeGlobal nothing becomes global: 403 and nothing changed', async () => {
    await ownWorld('No MakeGlobal');
    expectStatus(await putVariables(w.designer, bot, [{ key: 'store_code', value: 'EUR' }]), 200);
    expectStatus(await putObject(w.designer, bot, objectBody('profile', { tier: 'gold' })), 200);
    const before = await readAll(w.designer, bot);
    expectMakeGlobalRefusal(
      await putVariables(w.designer, bot, [{ key: 'store_code', value: 'EUR', isGlobal: true }]),
    );
    expectMakeGlobalRefusal(
      await putVariables(w.designer, bot, [{ key: 'brand_new', value: 'x', isGlobal: true }]),
    );
    expectMakeGlobalRefusal(
      await putObject(w.designer, bot, objectBody('profile', { tier: 'gold' }, { isGlobal: true })),
    );
    expectMakeGlobalRefusal(
      await putObject(w.designer, bot, objectBody('new_object', { a: 'b' }, { isGlobal: true })),
    );
    expect(await readAll(w.designer, bot)).toEqual(before);
  });

  test('with MakeGlobal a variable becomes global and every bot of the tenant sees it', async () => {
    await ownWorld('MakeGlobal');
    expectStatus(await putVariables(w.designer, bot, [{ key: 'store_code', value: 'EUR' }]), 200);
    const answer = expectStatus(
      await putVariables(w.admin, bot, [{ key: 'store_code', value: 'USD', isGlobal: true }]),
      200,
    ).json();
    expect(answer.variables.store_code).toBe('USD');
    expect(answer.isGlobalVariable.store_code).toBe(true);
    const second = await readAll(w.admin, SECOND);
    expect(second.variables).toEqual({ store_code: 'USD' });
    expect(second.isGlobalVariable).toEqual({ store_code: true });
    expect(expectStatus(await w.admin('GET', usagePath(SECOND)), 200).json()).toEqual({ store_code: 0 });
  });

  test('a global name is taken in every bot of the tenant, for variables, objects and entities', async () => {
    await ownWorld('Global Name Taken', { globalStoreCode: true });
    expect(refusal(await putVariables(w.admin, SECOND, [{ key: 'Store_code', value: 'x' }]))).toEqual([
      'variables.0.key',
      M.nameTaken('Store_code'),
    ]);
    expect(refusal(await putObject(w.admin, SECOND, objectBody('store_code', { a: 'b' })))).toEqual([
      'name',
      M.nameTaken('store_code'),
    ]);
    const entity = await w.admin('POST', `/api/${encodeURIComponent(SECOND)}/entities`, {
      name: 'store_code',
      type: 'entities',
      examples: ['euro'],
    });
    expect(refusal(entity)).toEqual(['name', M.nameUsedElsewhere]);
  });

  test('a global value changes through any bot; the designer, without MakeGlobal, cannot change or delete it', async () => {
    await ownWorld('Global Value', { globalStoreCode: true });
    expectStatus(await putVariables(w.admin, SECOND, [{ key: 'store_code', value: 'GBP' }]), 200);
    expect((await readAll(w.designer, bot)).variables.store_code).toBe('GBP');
    const before = await readAll(w.designer, bot);
    expectMakeGlobalRefusal(await putVariables(w.designer, bot, [{ key: 'store_code', value: 'JPY' }]));
    expectMakeGlobalRefusal(await w.designer('DELETE', variablePath(bot, 'store_code', true)));
    expect(await readAll(w.designer, bot)).toEqual(before);
  });

  test('promotion is not reversible', async () => {
    await ownWorld('Promotion', { globalStoreCode: true });
    const before = await readAll(w.admin, bot);
    expect(
      refusal(await putVariables(w.admin, bot, [{ key: 'store_code', value: 'GBP', isGlobal: false }])),
    ).toEqual(['variables.0.isGlobal', M.stillGlobal]);
    expect(errorOf(await w.admin('DELETE', variablePath(bot, 'store_code', false))).status).toBe(404);
    expect(await readAll(w.admin, bot)).toEqual(before);
  });

  test('a name another bot uses cannot become global, and the refusal names that bot', async () => {
    await ownWorld('Name In Another Bot');
    expectStatus(await putVariables(w.admin, SECOND, [{ key: 'region', value: 'north' }]), 200);
    expectStatus(await putVariables(w.admin, bot, [{ key: 'region', value: 'south' }]), 200);
    await createEntity(w.admin, SECOND, { name: 'Size', type: 'entities', examples: ['large'] });
    expectStatus(await putObject(w.admin, bot, objectBody('size', { a: 'b' })), 200);
    const before = [await readAll(w.admin, bot), await readAll(w.admin, SECOND)];

    expect(
      refusal(await putVariables(w.admin, bot, [{ key: 'region', value: 'south', isGlobal: true }])),
    ).toEqual(['variables.0.key', M.nameTakenInBot('region', SECOND)]);
    expect(
      refusal(await putObject(w.admin, bot, objectBody('size', { a: 'b' }, { isGlobal: true }))),
    ).toEqual(['name', M.nameUsedInBot(SECOND)]);
    expect(
      refusal(await putVariables(w.admin, bot, [{ key: 'REGION', value: 'x', isGlobal: true }])),
    ).toEqual(['variables.0.key', M.nameTaken('REGION')]);
    expect(
      refusal(await putVariables(w.admin, SECOND, [{ key: 'size', value: 'x', isGlobal: true }])),
    ).toEqual(['variables.0.key', M.nameUsedElsewhere]);
    expect([await readAll(w.admin, bot), await readAll(w.admin, SECOND)]).toEqual(before);
  });

  test('objects become global with their properties, and a global one is deleted for every bot', async () => {
    await ownWorld('Global Objects');
    expectStatus(await putObject(w.designer, bot, objectBody('profile', { tier: 'gold' })), 200);
    const answer = expectStatus(
      await putObject(
        w.admin,
        bot,
        objectBody('profile', { tier: 'gold', since: '2020' }, { isGlobal: true }),
      ),
      200,
    ).json();
    expect(answer.objects.profile).toEqual({
      isGlobal: true,
      variables: {
        tier: { key: 'tier', value: 'gold', botId: null, isGlobal: true, isSystem: false },
        since: { key: 'since', value: '2020', botId: null, isGlobal: true, isSystem: false },
      },
    });
    expect((await readAll(w.admin, SECOND)).objects.profile).toEqual(answer.objects.profile);

    expectMakeGlobalRefusal(await w.designer('DELETE', objectPath(bot, 'profile', true)));
    expectMakeGlobalRefusal(await putObject(w.designer, bot, objectBody('profile', { tier: 'silver' })));
    expect(errorOf(await w.admin('DELETE', objectPath(SECOND, 'profile', false))).status).toBe(404);
    expectStatus(await w.admin('DELETE', objectPath(SECOND, 'profile', true)), 204);
    expect((await readAll(w.admin, bot)).objects).not.toHaveProperty('profile');
  });

  test('a global one belongs to the tenant: it outlives the bot it was made in', async () => {
    await ownWorld('Outlives Bot');
    await createBot(w.admin, 'Temp Bot');
    expectStatus(
      await putVariables(w.admin, 'Temp Bot', [{ key: 'keeper', value: 'kept', isGlobal: true }]),
      200,
    );
    expectStatus(await w.admin('DELETE', '/api/bots/Temp%20Bot'), 204);
    expect((await readAll(w.admin, bot)).variables.keeper).toBe('kept');
  });

  test('a global variable of one tenant is invisible to another', async () => {
    await ownWorld('Invisible');
    const master = as(server, w.world.master);
    await createBot(master, 'Alpha Bot');
    expectStatus(
      await putVariables(master, 'Alpha Bot', [{ key: 'alpha_secret', value: 's3cr3t', isGlobal: true }]),
      200,
    );
    expectStatus(
      await putObject(master, 'Alpha Bot', objectBody('alpha_object', { k: 'v' }, { isGlobal: true })),
      200,
    );
    expect((await readAll(master, 'Alpha Bot')).variables.alpha_secret).toBe('s3cr3t');

    for (const botName of [bot, SECOND]) {
      const seen = await readAll(w.admin, botName);
      expect(seen.variables).not.toHaveProperty('alpha_secret');
      expect(seen.objects).not.toHaveProperty('alpha_object');
    }
    // Tenant B's namespace is its own: the name is free there.
    expectStatus(
      await putVariables(w.admin, bot, [{ key: 'alpha_secret', value: 'mine', isGlobal: true }]),
      200,
    );
    expect((await readAll(master, 'Alpha Bot')).variables.alpha_secret).toBe('s3cr3t');
    // Another tenant's bot is unknown, not forbidden.
    expect(errorOf(await w.admin('GET', '/api/Alpha%20Bot/variables/all')).status).toBe(404);
    expect(errorOf(await w.admin('DELETE', variablePath('Alpha Bot', 'alpha_secret', true))).status).toBe(
      404,
    );
    expect((await readAll(master, 'Alpha Bot')).variables.alpha_secret).toBe('s3cr3t');
  });
});
