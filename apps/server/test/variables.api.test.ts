import { ENTITY_MESSAGES, VARIABLE_MESSAGES as M, VARIABLE_LIMITS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  entitiesPath,
  isPublished,
  markPublished,
  refusal,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';
import {
  errorOf,
  objectBody,
  putObject,
  putVariables,
  readAll,
  usagePath,
  variablePath,
  variablesPath,
} from './support/variables';

describe.each(testDatabases())('variables on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  /** The refusal cases' bot: city and greeting as the adding test leaves them, never changed. */
  let refusalsBot: string;

  /** The variables the adding test leaves (city Paris, greeting), and the customer object when asked. */
  const seedVariables = async (target: string, customer: boolean) => {
    expectStatus(
      await putVariables(w.designer, target, [
        { key: 'city', value: 'Paris' },
        { key: 'greeting', value: ' Hello,\nworld ' },
      ]),
      200,
    );
    if (customer) expectStatus(await putObject(w.designer, target, objectBody('customer', { id: '7' })), 200);
  };
  /** The test's own bot; with the variables (and the customer object) of the file's earlier tests when asked. */
  const ownBot = async (label: string, seed: { variables?: boolean; customer?: boolean } = {}) => {
    bot = await ownContentBot(w, label);
    if (seed.variables) await seedVariables(bot, seed.customer ?? false);
    return bot;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    refusalsBot = await ownContentBot(w, 'Variable Refusals');
    await seedVariables(refusalsBot, false);
  });
  afterAll(() => server?.close());

  test('a new bot has no variables and no objects', async () => {
    await ownBot('New Variables');
    expect(await readAll(w.admin, bot)).toEqual({ variables: {}, isGlobalVariable: {}, objects: {} });
    expect(expectStatus(await w.admin('GET', usagePath(bot)), 200).json()).toEqual({});
  });

  test('PUT adds variables, then changes the value of the one of that name', async () => {
    await ownBot('Adding Variables');
    const added = expectStatus(
      await putVariables(w.designer, bot, [
        { key: ' city ', value: 'Berlin' },
        { key: 'greeting', value: ' Hello,\nworld ' },
      ]),
      200,
    ).json();
    expect(added.variables).toEqual({ city: 'Berlin', greeting: ' Hello,\nworld ' });
    expect(added.isGlobalVariable).toEqual({ city: false, greeting: false });

    const changed = expectStatus(
      await putVariables(w.designer, bot, [{ key: 'city', value: 'Paris' }]),
      200,
    ).json();
    expect(changed.variables).toEqual({ city: 'Paris', greeting: ' Hello,\nworld ' });
    expect(await readAll(w.designer, bot)).toEqual(changed);
  });

  test('the usage statistics name every variable, with no uses before any conversation', async () => {
    await ownBot('Variable Usage', { variables: true });
    expect(expectStatus(await w.designer('GET', usagePath(bot)), 200).json()).toEqual({
      city: 0,
      greeting: 0,
    });
  });

  test.each([
    ['an empty name', [{ key: '', value: 'x' }], ['variables.0.key', M.nameRequired]],
    ['a blank name', [{ key: ' \t ', value: 'x' }], ['variables.0.key', M.nameRequired]],
    ['an empty value', [{ key: 'fresh', value: '' }], ['variables.0.value', M.valueRequired]],
    ['a blank value', [{ key: 'fresh', value: '   ' }], ['variables.0.value', M.valueRequired]],
    ['a number as value', [{ key: 'fresh', value: 42 }], ['variables.0.value', M.valueRequired]],
    ['an object as name', [{ key: { a: 1 }, value: 'x' }], ['variables.0.key', M.nameRequired]],
    [
      'isGlobal as text',
      [{ key: 'fresh', value: 'x', isGlobal: 'yes' }],
      ['variables.0.isGlobal', M.isGlobalFlag],
    ],
    [
      'a name too long',
      [{ key: 'n'.repeat(VARIABLE_LIMITS.name + 1), value: 'x' }],
      ['variables.0.key', M.tooLong('name', VARIABLE_LIMITS.name)],
    ],
    [
      'a value too long',
      [{ key: 'fresh', value: 'v'.repeat(VARIABLE_LIMITS.value + 1) }],
      ['variables.0.value', M.tooLong('value', VARIABLE_LIMITS.value)],
    ],
    [
      'a NUL in a name',
      [{ key: 'fre\u0000sh', value: 'x' }],
      ['variables.0.key', M.controlCharacters('name')],
    ],
    // A good first variable is not kept when the second is refused.
    [
      'a bad second variable',
      [
        { key: 'fresh', value: 'x' },
        { key: '', value: 'y' },
      ],
      ['variables.1.key', M.nameRequired],
    ],
    [
      'a name twice',
      [
        { key: 'fresh', value: 'x' },
        { key: 'FRESH', value: 'y' },
      ],
      ['variables.1.key', M.nameTaken('FRESH')],
    ],
    [
      'an existing name in another case',
      [{ key: 'CITY', value: 'x' }],
      ['variables.0.key', M.nameTaken('CITY')],
    ],
    [
      // Checked while writing: the first change is undone with the refusal.
      'a changed value beside a name taken by a prebuilt entity',
      [
        { key: 'city', value: 'Rome' },
        { key: 'Date', value: 'today' },
      ],
      ['variables.1.key', M.nameUsedElsewhere],
    ],
    [
      'a NUL in a value',
      [{ key: 'fresh', value: 'a\u0000' }],
      ['variables.0.value', M.controlCharacters('value')],
    ],
  ])('refuses %s and changes nothing', async (_case, variables, expected) => {
    bot = refusalsBot;
    const before = await readAll(w.designer, bot);
    expect(refusal(await w.designer('PUT', variablesPath(bot), { variables }))).toEqual(expected);
    expect(await readAll(w.designer, bot)).toEqual(before);
  });

  test.each([
    ['no body', undefined],
    ['a list', [{ key: 'a', value: 'b' }]],
    ['a map of name to value', { variables: { a: 'b' } }],
    ['an empty list', { variables: [] }],
  ])('refuses %s as the body', async (_case, body) => {
    bot = refusalsBot;
    const response = await w.designer('PUT', variablesPath(bot), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
  });

  test('variables and objects share one namespace, ignoring case', async () => {
    await ownBot('Variable Namespace', { variables: true });
    expectStatus(await putObject(w.designer, bot, objectBody('customer', { id: '7' })), 200);
    const before = await readAll(w.designer, bot);
    expect(refusal(await putVariables(w.designer, bot, [{ key: 'Customer', value: 'x' }]))).toEqual([
      'variables.0.key',
      M.nameTaken('Customer'),
    ]);
    expect(refusal(await putObject(w.designer, bot, objectBody('city', { id: '7' })))).toEqual([
      'name',
      M.nameTaken('city'),
    ]);
    expect(await readAll(w.designer, bot)).toEqual(before);
  });

  test('a variable may not take the name of an entity, custom or prebuilt, and an entity not a variable’s', async () => {
    await ownBot('Variable Entity Names', { variables: true, customer: true });
    await createEntity(w.admin, bot, { name: 'Product', type: 'entities', examples: ['laptop'] });
    expect(refusal(await putVariables(w.designer, bot, [{ key: 'product', value: 'x' }]))).toEqual([
      'variables.0.key',
      M.nameUsedElsewhere,
    ]);
    expect(refusal(await putVariables(w.designer, bot, [{ key: 'DATE', value: 'x' }]))).toEqual([
      'variables.0.key',
      M.nameUsedElsewhere,
    ]);
    expect(refusal(await putObject(w.designer, bot, objectBody('Email', { a: 'b' })))).toEqual([
      'name',
      M.nameUsedElsewhere,
    ]);
    expectStatus(await putVariables(w.designer, bot, [{ key: 'shoe_size', value: '42' }]), 200);
    const entity = await w.admin('POST', entitiesPath(bot), {
      name: 'Shoe_Size',
      type: 'entities',
      examples: ['x'],
    });
    expect(refusal(entity)).toEqual(['name', M.nameUsedElsewhere]);
    const renamed = await w.admin('PUT', `${entitiesPath(bot)}/change-name`, {
      name: 'Product',
      newName: 'Customer',
    });
    expect(refusal(renamed)).toEqual(['newName', M.nameUsedElsewhere]);
    // Entity names keep their own rules first.
    const taken = await w.admin('POST', entitiesPath(bot), {
      name: 'product',
      type: 'entities',
      examples: ['x'],
    });
    expect(refusal(taken)).toEqual(['name', ENTITY_MESSAGES.nameTaken]);
  });

  test('names a flow might trip over are ordinary names', async () => {
    await ownBot('Odd Variable Names');
    const odd = ['__proto__', 'constructor', 'a/b%20c', 'ünï {{x}}'];
    expectStatus(
      await putVariables(
        w.designer,
        bot,
        odd.map((key) => ({ key, value: `v ${key}` })),
      ),
      200,
    );
    const all = await readAll(w.designer, bot);
    for (const key of odd)
      expect(Object.getOwnPropertyDescriptor(all.variables, key)?.value).toBe(`v ${key}`);
    for (const key of odd) expectStatus(await w.designer('DELETE', variablePath(bot, key, false)), 204);
    const after = await readAll(w.designer, bot);
    for (const key of odd) expect(Object.hasOwn(after.variables, key)).toBe(false);
  });

  test('DELETE removes a variable; the wrong flag, an unknown name or a bad flag change nothing', async () => {
    await ownBot('Deleting Variables', { variables: true, customer: true });
    expectStatus(await putVariables(w.designer, bot, [{ key: 'doomed', value: 'x' }]), 200);
    const before = await readAll(w.designer, bot);
    expect(errorOf(await w.designer('DELETE', variablePath(bot, 'doomed', true))).status).toBe(404);
    expect(errorOf(await w.designer('DELETE', variablePath(bot, 'nobody', false))).status).toBe(404);
    expect(errorOf(await w.designer('DELETE', variablePath(bot, 'customer', false))).status).toBe(404);
    expect(refusal(await w.designer('DELETE', variablePath(bot, 'doomed', 'yes')))).toEqual([
      'isGlobal',
      M.isGlobalFlag,
    ]);
    expect(refusal(await w.designer('DELETE', variablePath(bot, 'doo\u0001med', false)))[0]).toBe('name');
    expect(await readAll(w.designer, bot)).toEqual(before);

    expectStatus(await w.designer('DELETE', variablePath(bot, 'doomed', false)), 204);
    expect((await readAll(w.designer, bot)).variables).not.toHaveProperty('doomed');
  });

  test('editing variables leaves the bot published (they are not part of the NLU model)', async () => {
    await ownBot('Published Variables', { variables: true, customer: true });
    await markPublished(server, w.world, bot);
    expectStatus(await putVariables(w.designer, bot, [{ key: 'city', value: 'Oslo' }]), 200);
    expectStatus(await putObject(w.designer, bot, objectBody('customer', { id: '8' })), 200);
    expectStatus(await w.designer('DELETE', variablePath(bot, 'greeting', false)), 204);
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('without a role on the bot nothing is read or changed; another bot has its own variables', async () => {
    await ownBot('Stranger Variables', { variables: true, customer: true });
    const before = await readAll(w.admin, bot);
    for (const [method, url, body] of [
      ['GET', `${variablesPath(bot)}/all`],
      ['GET', usagePath(bot)],
      ['PUT', variablesPath(bot), { variables: [{ key: 'city', value: 'Rome' }] }],
      ['DELETE', variablePath(bot, 'city', false)],
    ] as const) {
      const response = await w.stranger(method, url, body);
      expect(errorOf(response)).toMatchObject({ status: 403, code: 'permission_error' });
    }
    expect(await readAll(w.admin, bot)).toEqual(before);

    await createBot(w.admin, 'Other Bot');
    expect(await readAll(w.admin, 'Other Bot')).toEqual({ variables: {}, isGlobalVariable: {}, objects: {} });
    expectStatus(await putVariables(w.admin, 'Other Bot', [{ key: 'city', value: 'Lima' }]), 200);
    expect((await readAll(w.admin, bot)).variables.city).toBe('Paris');
    expect(errorOf(await w.admin('GET', `${variablesPath('No Such Bot')}/all`)).status).toBe(404);
  });

  test('deleting a bot deletes its variables and objects', async () => {
    await createBot(w.admin, 'Short Lived');
    expectStatus(await putVariables(w.admin, 'Short Lived', [{ key: 'ephemeral', value: 'x' }]), 200);
    expectStatus(await putObject(w.admin, 'Short Lived', objectBody('box', { a: 'b' })), 200);
    const rows = () =>
      server.ctx.repos.db
        .selectFrom('variables')
        .select('name')
        .where('name', 'in', ['ephemeral', 'box'])
        .execute();
    expect(await rows()).toHaveLength(2);
    expectStatus(await w.admin('DELETE', '/api/bots/Short%20Lived'), 204);
    expect(await rows()).toEqual([]);
    const properties = await server.ctx.repos.db
      .selectFrom('object_properties')
      .select('key')
      .where('key', '=', 'a')
      .execute();
    expect(properties).toEqual([]);
  });
});
