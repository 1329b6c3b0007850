import {
  ENTITY_MESSAGES,
  FUNCTION_FILE_FIELD,
  FUNCTION_FILE_MAX_BYTES,
  type FunctionView,
  fileTooBigMessage,
  FUNCTION_MESSAGES as M,
  Permission,
  VARIABLE_MESSAGES,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus, USER_PASSWORD } from './support/admin-world';
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
import {
  createFunction,
  functionNames,
  functionPath,
  functionsPath,
  listFunctions,
} from './support/functions';
import { ownContentBot } from './support/own-content-bot';
import { ownTenantContentWorld } from './support/own-tenant-world';
import { startTestServer, type TestServer } from './support/test-server';
import { objectBody, putObject, putVariables } from './support/variables';

const REST = { type: 'rest', name: 'Get weather', url: 'https://api.example.com/weather?city={{city}}' };
const ORDERS = { type: 'sql', name: 'Orders', connectionString: 'sqlite::memory:', sqlCommand: 'SELECT 1' };
const ADD = { type: 'code', name: 'Add', code: 'return a + b;', inputs: [{ name: 'a' }, { name: 'b' }] };
const SHARED_MATH = {
  type: 'code',
  name: 'Shared math',
  code: 'return x * 2;',
  isGlobal: true,
  inputs: [{ name: 'x', defaultValue: '2' }],
};

describe.each(testDatabases())('functions on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  /**
   * A bot of the test's own in Tenant B (Pat its Designer), so no test sees another's
   * functions. Tenant B never holds a global function: the tests that make one do so in an
   * account of their own (`ownAccount`).
   */
  const ownBot = (label: string, world: ContentWorld = w) => ownContentBot(world, label);

  /** An account of the test's own, with its bot and another bot, for tests that make global functions. */
  async function ownAccount(): Promise<{ a: ContentWorld; bot: string; other: string }> {
    const a = await ownTenantContentWorld(server, w.world, 'Functions');
    await createBot(a.admin, 'Other Bot');
    return { a, bot: a.botName, other: 'Other Bot' };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    // Every test makes bots of its own: more than the default plan's 25.
    await server.ctx.repos.tenants.update(w.world.tenantB, { planId: 'master' });
  });
  afterAll(() => server?.close());

  test('a new bot has no functions', async () => {
    const bot = await ownBot('Empty Bot');
    expect(await listFunctions(w.admin, bot)).toEqual([]);
  });

  test('a REST function: the spec defaults, empty inputs and outputs dropped, listed with its bot', async () => {
    const bot = await ownBot('Rest Bot');
    const created = await createFunction(w.admin, bot, {
      ...REST,
      description: 'Weather by city',
      headers: [
        { key: 'Accept', value: 'application/json' },
        { key: '', value: 'dropped' },
      ],
      inputs: [
        { name: 'city', defaultValue: 'Berlin' },
        { name: '', defaultValue: 'dropped' },
      ],
      outputs: [
        { variableName: 'temperature', propertyPath: 'data.main.temp' },
        { variableName: '', propertyPath: 'x' },
      ],
    });
    expect(created).toMatchObject({
      type: 'rest',
      name: 'Get weather',
      description: 'Weather by city',
      method: 'get',
      bodyType: 'raw',
      headers: [{ key: 'Accept', value: 'application/json' }],
      inputs: [{ name: 'city', defaultValue: 'Berlin' }],
      outputs: [{ variableName: 'temperature', propertyPath: 'data.main.temp' }],
      isGlobal: false,
      isPrebuilt: false,
    });
    const bots = expectStatus(await w.admin('GET', '/api/bots/id-name'), 200).json() as Array<{
      id: string;
      botName: string;
    }>;
    expect(created.botId).toBe(bots.find((b) => b.botName === bot)?.id);
    expect(await listFunctions(w.admin, bot)).toEqual([created]);
  });

  test('every type of the creation modal, and a sub flow, listed in the order they were made', async () => {
    const bot = await ownBot('Types Bot');
    await createFunction(w.admin, bot, REST);
    const bodies = [
      { type: 'sql', name: 'Orders', connectionString: 'sqlite::memory:', sqlCommand: 'SELECT 1' },
      { type: 'code', name: 'Add', code: 'return a + b;', inputs: [{ name: 'a' }, { name: 'b' }] },
      { type: 'adaptiveCard', name: 'Card', json: { type: 'AdaptiveCard', body: [] }, skipUserInput: true },
      {
        type: 'captureStorage',
        name: 'Keep',
        variables: [{ name: 'lang', storageType: 'cookie', key: 'l' }],
      },
      { type: 'sendEvent', name: 'Notify', event: '{"name":"done"}' },
      { type: 'flow', name: 'Checkout steps', inputs: [{ name: 'cart' }] },
    ];
    // The list is in order of creation to the millisecond: each is made in a later one.
    for (const body of bodies) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      await createFunction(w.admin, bot, body);
    }
    const listed = await listFunctions(w.admin, bot);
    expect(listed.map((f) => [f.name, f.type])).toEqual([
      ['Get weather', 'rest'],
      ['Orders', 'sql'],
      ['Add', 'code'],
      ['Card', 'adaptiveCard'],
      ['Keep', 'captureStorage'],
      ['Notify', 'sendEvent'],
      ['Checkout steps', 'flow'],
    ]);
    expect(listed.find((f) => f.name === 'Card')).toMatchObject({
      json: JSON.stringify({ type: 'AdaptiveCard', body: [] }, null, 2),
      skipUserInput: true,
    });
  });

  test.each([
    ['a name with a semicolon', { ...REST, name: 'semi;colon' }, ['name', M.invalidName]],
    ['a name of one letter', { ...REST, name: 'a' }, ['name', M.invalidName]],
    ['a name of 51 letters', { ...REST, name: 'x'.repeat(51) }, ['name', M.invalidName]],
    ['a name with an accent', { ...REST, name: 'météo' }, ['name', M.invalidName]],
    ['a name with a slash', { ...REST, name: 'a/b' }, ['name', M.invalidName]],
    ['no name', { type: 'rest', url: 'https://x.test' }, ['name', M.invalidName]],
    [
      'a REST function without API path',
      { type: 'rest', name: 'No path', url: '  ' },
      ['url', M.apiPathRequired],
    ],
    ['an unknown type', { type: 'soap', name: 'Soap' }, ['type', M.invalidType]],
    [
      'a repeated input name',
      { ...REST, name: 'Twice', inputs: [{ name: 'city' }, { name: 'city', defaultValue: 'x' }] },
      ['inputs', M.duplicateInput('city')],
    ],
    ['a taken name', { ...REST, name: 'get WEATHER' }, ['name', M.nameTaken]],
    ['a sub flow’s name', { ...REST, name: 'checkout steps' }, ['name', M.nameTaken]],
    ['the word of the rename call', { ...REST, name: 'Name' }, ['name', M.reservedName('Name')]],
    [
      'the word of the usage call',
      { ...REST, name: 'function-usages' },
      ['name', M.reservedName('function-usages')],
    ],
    ['a prebuilt entity’s name', { ...REST, name: 'email' }, ['name', M.nameUsedElsewhere]],
  ])('%s is refused with the spec’s message and changes nothing', async (_label, body, expected) => {
    const bot = await ownBot('Refusing Bot');
    await createFunction(w.admin, bot, REST);
    await createFunction(w.admin, bot, { type: 'flow', name: 'Checkout steps', inputs: [{ name: 'cart' }] });
    const before = await listFunctions(w.admin, bot);
    expect(refusal(await w.admin('POST', functionsPath(bot), body))).toEqual(expected);
    expect(await listFunctions(w.admin, bot)).toEqual(before);
  });

  test('names shared with entities are refused both ways', async () => {
    const bot = await ownBot('Entities Bot');
    const other = await ownBot('Other Bot');
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, ORDERS);
    await createFunction(w.admin, bot, ADD);
    await createEntity(w.admin, bot, { name: 'Color', type: 'entities', examples: ['red'] });
    expect(refusal(await w.admin('POST', path(), { ...REST, name: 'COLOR' }))).toEqual([
      'name',
      M.nameUsedElsewhere,
    ]);
    expect(
      refusal(
        await w.admin('POST', entitiesPath(bot), { name: 'Orders', type: 'entities', examples: ['x1'] }),
      ),
    ).toEqual(['name', M.nameTaken]);
    expect(
      refusal(await w.admin('PUT', `${entitiesPath(bot)}/change-name`, { name: 'Color', newName: 'add' })),
    ).toEqual(['newName', M.nameTaken]);
    // Another bot's entity is no clash.
    await createEntity(w.admin, other, { name: 'Shade', type: 'entities', examples: ['dark'] });
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'Shade' });
    expect(ENTITY_MESSAGES.nameTaken).not.toBe(M.nameTaken);
  });

  test('names shared with variables and objects are refused both ways', async () => {
    const bot = await ownBot('Variables Bot');
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, ORDERS);
    await createFunction(w.admin, bot, ADD);
    expectStatus(await putVariables(w.admin, bot, [{ key: 'customerName', value: 'Ada' }]), 200);
    expectStatus(await putObject(w.admin, bot, objectBody('Order', { id: '1' })), 200);
    for (const name of ['CUSTOMERNAME', 'order']) {
      expect(refusal(await w.admin('POST', path(), { ...REST, name }))).toEqual([
        'name',
        M.nameUsedElsewhere,
      ]);
    }
    const variable = await putVariables(w.admin, bot, [{ key: 'add', value: 'x' }]);
    expect(variable.statusCode).toBe(400);
    expect(variable.json()).toMatchObject({
      code: 'validation_error',
      message: VARIABLE_MESSAGES.nameUsedElsewhere,
    });
    expect((await putObject(w.admin, bot, objectBody('ORDERS', { id: '1' }))).statusCode).toBe(400);
    expect(await functionNames(w.admin, bot)).not.toContain('order');
  });

  test('PUT replaces the function; the type stays; a new name is a rename; unknown names are 404', async () => {
    const bot = await ownBot('Put Bot');
    await createFunction(w.admin, bot, REST);
    await createFunction(w.admin, bot, ORDERS);
    const updated = expectStatus(
      await w.admin('PUT', functionPath(bot, 'get weather'), {
        ...REST,
        name: 'Weather now',
        method: 'POST',
        bodyType: 'form-data',
        formData: [{ key: 'city', value: '{{city}}' }],
        inputs: [{ name: 'city', defaultValue: 'Paris' }],
      }),
      200,
    ).json() as FunctionView;
    expect(updated).toMatchObject({
      name: 'Weather now',
      method: 'post',
      bodyType: 'form-data',
      headers: [],
    });
    expect(await functionNames(w.admin, bot)).toContain('Weather now');
    expect(await functionNames(w.admin, bot)).not.toContain('Get weather');
    expect(
      refusal(await w.admin('PUT', functionPath(bot, 'Weather now'), { type: 'sql', name: 'Weather now' })),
    ).toEqual(['type', M.typeCannotChange]);
    expect(
      refusal(await w.admin('PUT', functionPath(bot, 'Weather now'), { ...REST, name: 'Orders' })),
    ).toEqual(['name', M.nameTaken]);
    const missing = await w.admin('PUT', functionPath(bot, 'Nope'), { ...REST, name: 'Nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not-found_error', details: M.notFound('Nope') });
  });

  test('rename and description have their own calls', async () => {
    const bot = await ownBot('Rename Bot');
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, { ...REST, name: 'Weather now', method: 'POST' });
    await createFunction(w.admin, bot, ADD);
    const renamed = expectStatus(
      await w.admin('PUT', `${path()}/name`, { name: 'weather NOW', newName: 'Weather' }),
      200,
    ).json() as FunctionView;
    expect(renamed.name).toBe('Weather');
    expect(refusal(await w.admin('PUT', `${path()}/name`, { name: 'Weather', newName: 'Add' }))).toEqual([
      'newName',
      M.nameTaken,
    ]);
    expect(refusal(await w.admin('PUT', `${path()}/name`, { name: 'Weather', newName: 'Wea/ther' }))).toEqual(
      ['newName', M.invalidName],
    );
    expect((await w.admin('PUT', `${path()}/name`, { name: 'Ghost', newName: 'Spirit' })).statusCode).toBe(
      404,
    );
    const described = expectStatus(
      await w.admin('POST', `${path()}/update-description`, {
        name: 'Weather',
        description: 'Now with forms',
      }),
      200,
    ).json() as FunctionView;
    expect(described).toMatchObject({ name: 'Weather', description: 'Now with forms', method: 'post' });
  });

  test('deleting answers 204, and the name is free again', async () => {
    const bot = await ownBot('Deleting Bot');
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'Short lived' });
    expectStatus(await w.admin('DELETE', functionPath(bot, 'short LIVED')), 204);
    expect(await functionNames(w.admin, bot)).not.toContain('Short lived');
    expect((await w.admin('DELETE', functionPath(bot, 'Short lived'))).statusCode).toBe(404);
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'Short lived' });
  });

  test('a function change leaves the bot published: functions are not part of the NLU model', async () => {
    const bot = await ownBot('Published Bot');
    const path = () => functionsPath(bot);
    await markPublished(server, w.world, bot);
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'Published stays' });
    expectStatus(
      await w.admin('PUT', `${path()}/name`, { name: 'Published stays', newName: 'Still published' }),
      200,
    );
    expectStatus(await w.admin('DELETE', functionPath(bot, 'Still published')), 204);
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('global functions: listed in every bot of the account, names free across all of them', async () => {
    const { a: w, bot, other } = await ownAccount();
    await createEntity(w.admin, other, { name: 'Shade', type: 'entities', examples: ['dark'] });
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'Shade' });
    const global = await createFunction(w.admin, bot, {
      type: 'code',
      name: 'Shared math',
      code: 'return x * 2;',
      isGlobal: true,
      inputs: [{ name: 'x', defaultValue: '2' }],
    });
    expect(global).toMatchObject({ isGlobal: true, isPrebuilt: false });
    expect((await listFunctions(w.admin, other)).map((f) => f.name)).toEqual(['Shared math']);
    expect(refusal(await w.admin('POST', functionsPath(other), { ...REST, name: 'shared MATH' }))).toEqual([
      'name',
      M.nameTaken,
    ]);
    // Promoting needs a name no bot uses: 'Shade' is an entity of the other bot.
    expect(
      refusal(
        await w.admin('PUT', functionPath(bot, 'Shade'), {
          type: 'sendEvent',
          name: 'Shade',
          isGlobal: true,
        }),
      ),
    ).toEqual(['name', M.nameUsedElsewhere]);
    await createFunction(w.admin, other, { type: 'sendEvent', name: 'Twin' });
    await createFunction(w.admin, bot, { type: 'sendEvent', name: 'twin' });
    expect(
      refusal(
        await w.admin('PUT', functionPath(bot, 'twin'), { type: 'sendEvent', name: 'twin', isGlobal: true }),
      ),
    ).toEqual(['name', M.nameTaken]);
    // The inputs of a global function are read-only; its other fields are not.
    expect(
      refusal(
        await w.admin('PUT', functionPath(other, 'Shared math'), {
          type: 'code',
          name: 'Shared math',
          code: 'return x * 3;',
          isGlobal: true,
          inputs: [{ name: 'y' }],
        }),
      ),
    ).toEqual(['inputs', M.globalInputsReadOnly]);
    const edited = expectStatus(
      await w.admin('PUT', functionPath(other, 'Shared math'), {
        type: 'code',
        name: 'Shared math',
        code: 'return x * 3;',
        isGlobal: true,
        inputs: [{ name: 'x', defaultValue: '2' }],
      }),
      200,
    ).json() as FunctionView;
    expect(edited).toMatchObject({ code: 'return x * 3;', isGlobal: true });
    expect((await listFunctions(w.admin, bot)).find((f) => f.name === 'Shared math')).toMatchObject({
      code: 'return x * 3;',
    });
  });

  test('the Global toggle needs MakeGlobal; a Designer manages functions without it', async () => {
    const { a: w, bot } = await ownAccount();
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, SHARED_MATH);
    expect(
      (await w.designer('POST', path(), { ...REST, name: 'Designed', isGlobal: true })).json(),
    ).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.MakeGlobal,
    });
    const designed = expectStatus(
      await w.designer('POST', path(), { ...REST, name: 'Designed' }),
      200,
    ).json();
    expect(designed.isGlobal).toBe(false);
    const toggle = await w.designer('PUT', functionPath(bot, 'Designed'), {
      ...REST,
      name: 'Designed',
      isGlobal: true,
    });
    expect(toggle.statusCode).toBe(403);
    expect((await w.designer('DELETE', functionPath(bot, 'Shared math'))).json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.MakeGlobal,
    });
    expect(
      (await w.designer('PUT', `${path()}/name`, { name: 'Shared math', newName: 'Sums' })).statusCode,
    ).toBe(403);
    expectStatus(await w.designer('DELETE', functionPath(bot, 'Designed')), 204);
  });

  test('switching Global off makes the function this bot’s alone', async () => {
    const { a: w, bot, other } = await ownAccount();
    await createFunction(w.admin, bot, SHARED_MATH);
    const local = expectStatus(
      await w.admin('PUT', functionPath(other, 'Shared math'), {
        type: 'code',
        name: 'Shared math',
        code: 'return x * 3;',
        isGlobal: false,
        inputs: [{ name: 'x', defaultValue: '4' }],
      }),
      200,
    ).json() as FunctionView;
    expect(local.isGlobal).toBe(false);
    expect(await functionNames(w.admin, other)).toContain('Shared math');
    expect(await functionNames(w.admin, bot)).not.toContain('Shared math');
    // Global again, from the other bot.
    expectStatus(
      await w.admin('PUT', functionPath(other, 'Shared math'), {
        type: 'code',
        name: 'Shared math',
        code: 'return x * 3;',
        isGlobal: true,
        inputs: [{ name: 'x', defaultValue: '4' }],
      }),
      200,
    );
    expect(await functionNames(w.admin, bot)).toContain('Shared math');
  });

  test('usage: empty until flows use functions; the global call is the account’s', async () => {
    const { a: w, bot } = await ownAccount();
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, ADD);
    await createFunction(w.admin, bot, SHARED_MATH);
    expect(expectStatus(await w.admin('GET', `${path()}/function-usages/Add`), 200).json()).toEqual({});
    expect(expectStatus(await w.designer('GET', `${path()}/function-usages/add`), 200).json()).toEqual({});
    expect((await w.admin('GET', `${path()}/function-usages/Ghost`)).statusCode).toBe(404);
    const global = '/api/bots/functions/function-usages/global/';
    expect(expectStatus(await w.admin('GET', `${global}shared%20math`), 200).json()).toEqual({});
    expect(expectStatus(await w.designer('GET', `${global}Shared%20math`), 200).json()).toEqual({});
    expect((await w.admin('GET', `${global}Add`)).json()).toMatchObject({ code: 'not-found_error' });
    expect((await w.stranger('GET', `${global}Shared%20math`)).json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ManageFunctions,
    });
  });

  test('export: a JSON file named function- or block- {bot}-{name}.enc, for those who may export', async () => {
    const bot = await ownBot('Export Bot');
    await createFunction(w.admin, bot, ADD);
    await createFunction(w.admin, bot, { type: 'flow', name: 'Checkout steps', inputs: [{ name: 'cart' }] });
    const file = expectStatus(await w.admin('GET', `${functionPath(bot, 'add')}/export`), 200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="function-${bot}-Add.enc"`);
    expect(file.json()).toMatchObject({
      format: 'parley-function',
      version: 2,
      function: { type: 'code', name: 'Add', code: 'return a + b;', inputs: [{ name: 'a' }, { name: 'b' }] },
    });
    const block = expectStatus(await w.admin('GET', `${functionPath(bot, 'Checkout steps')}/export`), 200);
    expect(block.headers['content-disposition']).toBe(
      `attachment; filename="block-${bot}-Checkout steps.enc"`,
    );
    expect((await w.designer('GET', `${functionPath(bot, 'Add')}/export`)).json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ExportFunctions,
    });
    expect((await w.admin('GET', `${functionPath(bot, 'Ghost')}/export`)).statusCode).toBe(404);
  });

  test('import: staging reads the file; the import creates it under the chosen name', async () => {
    const { a: w, bot, other } = await ownAccount();
    await createFunction(w.admin, bot, ADD);
    const exported = expectStatus(await w.admin('GET', `${functionPath(bot, 'Add')}/export`), 200).body;
    const staged = expectStatus(
      await w.upload('designer', '/api/functions/import/staging', FUNCTION_FILE_FIELD, 'x.enc', exported),
      200,
    ).json();
    expect(staged).toMatchObject({ type: 'code', name: 'Add', code: 'return a + b;' });
    expect(
      refusal(
        await w.upload(
          'admin',
          `${functionPath(bot, 'add')}/import/false`,
          FUNCTION_FILE_FIELD,
          'x.enc',
          exported,
        ),
      ),
    ).toEqual(['name', M.nameTaken]);
    const imported = expectStatus(
      await w.upload(
        'designer',
        `${functionPath(bot, 'Add copy')}/import/false`,
        FUNCTION_FILE_FIELD,
        'x.enc',
        exported,
      ),
      200,
    ).json() as FunctionView;
    expect(imported).toMatchObject({
      name: 'Add copy',
      type: 'code',
      code: 'return a + b;',
      isGlobal: false,
    });
    expect(
      refusal(
        await w.upload(
          'admin',
          `${functionPath(other, 'A;B')}/import/false`,
          FUNCTION_FILE_FIELD,
          'x.enc',
          exported,
        ),
      ),
    ).toEqual(['name', M.invalidName]);
    expect(
      refusal(
        await w.upload(
          'admin',
          `${functionPath(other, 'Add 2')}/import/maybe`,
          FUNCTION_FILE_FIELD,
          'x.enc',
          exported,
        ),
      ),
    ).toEqual(['isGlobal', 'isGlobal must be true or false.']);
    expect(
      (
        await w.upload(
          'designer',
          `${functionPath(bot, 'Add 2')}/import/true`,
          FUNCTION_FILE_FIELD,
          'x.enc',
          exported,
        )
      ).json(),
    ).toMatchObject({ code: 'permission_error', requiredPermission: Permission.MakeGlobal });
    const global = expectStatus(
      await w.upload(
        'admin',
        `${functionPath(other, 'Add 2')}/import/true`,
        FUNCTION_FILE_FIELD,
        'x.enc',
        exported,
      ),
      200,
    ).json() as FunctionView;
    expect(global.isGlobal).toBe(true);
  });

  test.each([
    ['not JSON', 'this is no file', [FUNCTION_FILE_FIELD, M.notAFunctionFile]],
    ['a JSON list', '[]', [FUNCTION_FILE_FIELD, M.notAFunctionFile]],
    ['another format', '{"format":"parley-entity","version":1,"entity":{}}', ['format', M.notAFunctionFile]],
    [
      'a newer version',
      '{"format":"parley-function","version":3,"function":{"type":"sendEvent","name":"Later"}}',
      ['version', M.newerFileFormat],
    ],
    [
      'a REST function without API path',
      '{"format":"parley-function","version":1,"function":{"type":"rest","name":"Broken"}}',
      ['function.url', M.apiPathRequired],
    ],
    [
      'a name with forbidden characters',
      '{"format":"parley-function","version":1,"function":{"type":"sendEvent","name":"<script>"}}',
      ['function.name', M.invalidName],
    ],
    ['an empty file', '', [FUNCTION_FILE_FIELD, M.notAFunctionFile]],
  ])(
    'a malformed file (%s) is refused at staging and import, and nothing is made',
    async (_label, data, expected) => {
      const other = await ownBot('Malformed Bot');
      const before = await listFunctions(w.admin, other);
      expect(
        refusal(await w.upload('admin', '/api/functions/import/staging', FUNCTION_FILE_FIELD, 'f.enc', data)),
      ).toEqual(expected);
      expect(
        refusal(
          await w.upload(
            'admin',
            `${functionPath(other, 'Fresh')}/import/false`,
            FUNCTION_FILE_FIELD,
            'f.enc',
            data,
          ),
        ),
      ).toEqual(expected);
      expect(await listFunctions(w.admin, other)).toEqual(before);
    },
  );

  test('an oversized file, a missing file and a file in another field are refused', async () => {
    const other = await ownBot('Oversized Bot');
    const big = `{"format":"parley-function","version":1,"function":{"type":"sendEvent","name":"Big","event":"${'x'.repeat(FUNCTION_FILE_MAX_BYTES)}"}}`;
    expect(
      refusal(await w.upload('admin', '/api/functions/import/staging', FUNCTION_FILE_FIELD, 'big.enc', big)),
    ).toEqual([FUNCTION_FILE_FIELD, fileTooBigMessage(FUNCTION_FILE_MAX_BYTES)]);
    expect(
      refusal(
        await w.upload(
          'admin',
          `${functionPath(other, 'Big')}/import/false`,
          FUNCTION_FILE_FIELD,
          'big.enc',
          big,
        ),
      ),
    ).toEqual([FUNCTION_FILE_FIELD, fileTooBigMessage(FUNCTION_FILE_MAX_BYTES)]);
    expect(
      refusal(await w.upload('admin', '/api/functions/import/staging', 'entity-file', 'x.enc', '{}')),
    ).toEqual([FUNCTION_FILE_FIELD, M.fileMissing(FUNCTION_FILE_FIELD)]);
    expect(refusal(await w.admin('POST', '/api/functions/import/staging', {}))).toEqual([
      FUNCTION_FILE_FIELD,
      M.fileMissing(FUNCTION_FILE_FIELD),
    ]);
    expect(await functionNames(w.admin, other)).not.toContain('Big');
  });

  test('a user whose role lacks ManageFunctions gets 403; sub flows need ManageSubflows', async () => {
    const bot = await ownBot('Roles Bot');
    const path = () => functionsPath(bot);
    await createFunction(w.admin, bot, ADD);
    const roleId = expectStatus(
      await w.admin('POST', '/api/tenant/roles', { roleName: 'Sub flows only' }),
      201,
    ).json().roleId as number;
    expectStatus(
      await w.admin('POST', `/api/tenant/roles/${roleId}/permissions`, {
        roleId,
        permissionId: Permission.ManageSubflows,
      }),
      201,
    );
    expectStatus(
      await w.admin('POST', '/api/users', {
        name: 'Sam_Subs',
        email: 'sam.subs@example.com',
        password: USER_PASSWORD,
      }),
      200,
    );
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: 'sam.subs@example.com',
        botName: bot,
        role: roleId,
      }),
      200,
    );
    const sam = as(server, (await server.login('sam.subs@example.com', USER_PASSWORD)).token);
    const refused = await sam('POST', path(), { ...REST, name: 'Not mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'permission_error',
      requiredPermission: Permission.ManageFunctions,
    });
    expect((await sam('DELETE', functionPath(bot, 'Add'))).statusCode).toBe(403);
    expect((await sam('PUT', functionPath(bot, 'Add'), { type: 'code', name: 'Add' })).statusCode).toBe(403);
    expect((await sam('POST', `${functionPath(bot, 'Add')}/output`, {})).statusCode).toBe(403);
    expect(expectStatus(await sam('POST', path(), { type: 'flow', name: 'Sam flow' }), 200).json().type).toBe(
      'flow',
    );
    expectStatus(await sam('DELETE', functionPath(bot, 'Sam flow')), 204);
    // No role on the bot at all: not even the list.
    expect((await w.stranger('GET', path())).statusCode).toBe(403);
    expect((await w.stranger('POST', path(), REST)).statusCode).toBe(403);
    expect(await functionNames(w.admin, bot)).not.toContain('Not mine');
  });

  test('deleting a bot removes its functions; its global functions stay with the account', async () => {
    const { a: w, bot } = await ownAccount();
    await createBot(w.admin, 'Short Bot');
    await createFunction(w.admin, 'Short Bot', { type: 'sendEvent', name: 'Mine only' });
    await createFunction(w.admin, 'Short Bot', { type: 'sendEvent', name: 'For everyone', isGlobal: true });
    expectStatus(await w.admin('DELETE', '/api/bots/Short%20Bot'), 204);
    const names = await functionNames(w.admin, bot);
    expect(names).toContain('For everyone');
    expect(names).not.toContain('Mine only');
    await createBot(w.admin, 'Short Bot');
    expect(await functionNames(w.admin, 'Short Bot')).toEqual(
      (await listFunctions(w.admin, bot)).filter((f) => f.isGlobal).map((f) => f.name),
    );
  });
});
