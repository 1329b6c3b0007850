import {
  ENTITY_FILE_FIELD,
  ENTITY_MESSAGES,
  type EntityView,
  fileTooBigMessage,
  INTENT_FILE_FIELD,
  INTENT_FILE_MAX_BYTES,
  type IntentView,
  INTENT_MESSAGES as M,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  entitiesPath,
  intentNamed,
  intentsPath,
  listIntents,
  refusal,
} from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

/** Export and import of single intents and entities (spec 02 sections 2.2, 2.3 and 7). */
describe.each(testDatabases())('intent and entity files on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  /** BookFlight's and City's files as the bot exports them, read once the bot is made. */
  let intentFile: string;
  let entityFile: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    bot = w.botName;
    await createEntity(w.admin, bot, {
      name: 'City',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'Paris', list: ['paname'] }],
      roles: ['origin', 'destination'],
    });
    await createEntity(w.admin, bot, {
      name: 'Code',
      type: 'regexentities',
      regexes: ['[A-Z]{3}'],
      examples: ['CDG'],
    });
    await createEntity(w.admin, bot, { name: 'Unused', type: 'entities', examples: ['whatever'] });
    await createIntent(w.admin, bot, {
      name: 'BookFlight',
      description: 'Books a flight',
      utterances: ['book a flight', 'from [city:origin] to [City:destination] via [Code] on [Date]'],
    });
    intentFile = expectStatus(await w.admin('GET', `${intentsPath(bot)}/BookFlight/export`), 200).body;
    entityFile = expectStatus(await w.admin('GET', `${entitiesPath(bot)}/City/export`), 200).body;
  });
  afterAll(() => server?.close());

  test('an intent exports as a JSON file named {bot}-{intent}.enc, with the custom entities it uses', async () => {
    const response = expectStatus(await w.admin('GET', `${intentsPath(bot)}/BookFlight/export`), 200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Content Bot-BookFlight.enc"');
    const file = JSON.parse(response.body);
    expect(file).toMatchObject({
      format: 'parley-intent',
      version: 2,
      intent: {
        name: 'BookFlight',
        description: 'Books a flight',
        type: 'normal',
        isRedirect: false,
        utterances: ['book a flight'],
        patterns: ['from [City:origin] to [City:destination] via [Code] on [Date]'],
      },
    });
    expect(file.entities.map((e: { name: string }) => e.name)).toEqual(['City', 'Code']);
    expect(file.entities[0]).toMatchObject({ roles: [{ name: 'origin' }, { name: 'destination' }] });
  });

  test('None cannot be exported; exporting needs the export permission', async () => {
    expect(refusal(await w.admin('GET', `${intentsPath(bot)}/None/export`))).toEqual([
      'intent',
      M.cannotExportNone,
    ]);
    expect((await w.designer('GET', `${intentsPath(bot)}/BookFlight/export`)).statusCode).toBe(403);
    expect((await w.admin('GET', `${intentsPath(bot)}/Nothing/export`)).statusCode).toBe(404);
  });

  test('staging reads the file and answers what it holds, for the editable name', async () => {
    const response = await w.upload(
      'designer',
      '/api/intents/import/staging',
      INTENT_FILE_FIELD,
      'x.enc',
      intentFile,
    );
    expect(expectStatus(response, 200).json()).toEqual({
      name: 'BookFlight',
      description: 'Books a flight',
      type: 'normal',
      isRedirect: false,
      utterances: 1,
      patterns: 1,
      entities: ['City', 'Code', 'Date'],
    });
  });

  test('importing into the same bot needs a free intent name', async () => {
    const taken = await w.upload(
      'admin',
      `${intentsPath(bot)}/bookflight/import`,
      INTENT_FILE_FIELD,
      'x.enc',
      intentFile,
    );
    expect(refusal(taken)).toEqual(['name', M.nameTaken]);
    const invalid = await w.upload(
      'admin',
      `${intentsPath(bot)}/Book%20Flight/import`,
      INTENT_FILE_FIELD,
      'x.enc',
      intentFile,
    );
    expect(refusal(invalid)).toEqual(['name', M.invalidName]);
    const copy = expectStatus(
      await w.upload(
        'admin',
        `${intentsPath(bot)}/BookFlight2/import`,
        INTENT_FILE_FIELD,
        'x.enc',
        intentFile,
      ),
      200,
    ).json() as { intent: IntentView; entities: string[] };
    expect(copy.entities).toEqual([]);
    expect(copy.intent.patterns.map((p) => p.text)).toEqual([
      'from [City:origin] to [City:destination] via [Code] on [Date]',
    ]);
  });

  test('importing into another bot brings the entities it lacks; export then import gives the same intent', async () => {
    await createBot(w.admin, 'Other Bot');
    const result = expectStatus(
      await w.upload(
        'admin',
        `${intentsPath('Other Bot')}/BookFlight/import`,
        INTENT_FILE_FIELD,
        'x.enc',
        intentFile,
      ),
      200,
    ).json() as { intent: IntentView; entities: string[] };
    expect(result.entities).toEqual(['City', 'Code']);
    const strip = ({ utterances, patterns, ...rest }: IntentView) => ({
      ...rest,
      utterances: utterances.map((u) => u.text),
      patterns: patterns.map((p) => p.text),
    });
    expect(strip((await intentNamed(w.admin, 'Other Bot', 'BookFlight')) as IntentView)).toEqual(
      strip((await intentNamed(w.admin, bot, 'BookFlight')) as IntentView),
    );
    const entities = expectStatus(
      await w.admin('GET', entitiesPath('Other Bot')),
      200,
    ).json() as EntityView[];
    const city = entities.find((e) => e.name === 'City');
    expect(city).toMatchObject({
      sublists: [{ canonicalForm: 'Paris', list: ['paname'] }],
      roles: [{ name: 'origin' }, { name: 'destination' }],
    });
  });

  test("an intent file whose entity clashes with the target bot's intent changes nothing", async () => {
    await createBot(w.admin, 'Clash Bot');
    await createIntent(w.admin, 'Clash Bot', { name: 'City', utterances: ['a city', 'the city'] });
    const before = await listIntents(w.admin, 'Clash Bot');
    const response = await w.upload(
      'admin',
      `${intentsPath('Clash Bot')}/BookFlight/import`,
      INTENT_FILE_FIELD,
      'x.enc',
      intentFile,
    );
    expect(refusal(response)).toEqual(['name', ENTITY_MESSAGES.intentNameClash]);
    expect(await listIntents(w.admin, 'Clash Bot')).toEqual(before);
    const entities = expectStatus(
      await w.admin('GET', entitiesPath('Clash Bot')),
      200,
    ).json() as EntityView[];
    expect(entities.filter((e) => !e.isPrebuilt)).toEqual([]);
  });

  test('a Designer may import an intent whose entities the bot has; new entities need the entities permission', async () => {
    const role = expectStatus(
      await w.admin('POST', '/api/tenant/roles', { roleName: 'IntentsOnly' }),
      201,
    ).json().roleId;
    expectStatus(
      await w.admin('POST', `/api/tenant/roles/${role}/permissions`, { roleId: role, permissionId: 8 }),
      201,
    );
    await createBot(w.admin, 'Narrow Bot');
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: 'nora.norole@example.com',
        botName: 'Narrow Bot',
        role,
      }),
      200,
    );
    const refused = await w.upload(
      'stranger',
      `${intentsPath('Narrow Bot')}/BookFlight/import`,
      INTENT_FILE_FIELD,
      'x.enc',
      intentFile,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().requiredPermission).toBe(9);
    expect((await listIntents(w.admin, 'Narrow Bot')).map((i) => i.name)).toEqual(['None']);
  });

  test.each([
    ['not JSON', '{"format":', M.notAnIntentFile],
    ['JSON but not an object', '[1,2]', M.notAnIntentFile],
    [
      'another format',
      JSON.stringify({ format: 'parley-entity', version: 1, entity: {} }),
      M.notAnIntentFile,
    ],
    [
      'a newer version',
      JSON.stringify({ format: 'parley-intent', version: 99, intent: { name: 'A1' } }),
      M.newerFileFormat,
    ],
    [
      'an intent with one example',
      JSON.stringify({
        format: 'parley-intent',
        version: 1,
        intent: { name: 'A1', utterances: ['only one'] },
      }),
      M.notEnoughExamples,
    ],
    [
      'an entity with a catastrophic regex no example matches',
      JSON.stringify({
        format: 'parley-intent',
        version: 1,
        intent: { name: 'A1', utterances: ['one two', 'three four'] },
        entities: [
          { name: 'Evil', type: 'regexentities', regexes: ['(a+)+$'], examples: [`${'a'.repeat(400)}!`] },
        ],
      }),
      ENTITY_MESSAGES.allExamplesMustMatch,
    ],
    ['binary garbage', Buffer.from([0, 159, 146, 150, 255, 0, 1]), M.notAnIntentFile],
  ])('staging and import refuse a file that is %s', async (_case, content, message) => {
    const staging = await w.upload(
      'admin',
      '/api/intents/import/staging',
      INTENT_FILE_FIELD,
      'x.enc',
      content,
    );
    expect(refusal(staging)[1]).toBe(message);
    const imported = await w.upload(
      'admin',
      `${intentsPath(bot)}/Fresh/import`,
      INTENT_FILE_FIELD,
      'x.enc',
      content,
    );
    expect(refusal(imported)[1]).toBe(message);
    expect(await intentNamed(w.admin, bot, 'Fresh')).toBeUndefined();
  });

  test('an oversized file, a missing file and a request that is not multipart are refused clearly', async () => {
    const huge = `{"format":"parley-intent","version":1,"intent":{"name":"Big","description":"${'x'.repeat(INTENT_FILE_MAX_BYTES)}"}}`;
    expect(
      refusal(await w.upload('admin', '/api/intents/import/staging', INTENT_FILE_FIELD, 'x.enc', huge)),
    ).toEqual([INTENT_FILE_FIELD, fileTooBigMessage(INTENT_FILE_MAX_BYTES)]);
    expect(fileTooBigMessage(INTENT_FILE_MAX_BYTES)).toBe('File is too big. Accepted size is 5120KB');
    expect(
      refusal(await w.upload('admin', '/api/intents/import/staging', 'other-field', 'x.enc', intentFile)),
    ).toEqual([INTENT_FILE_FIELD, M.fileMissing(INTENT_FILE_FIELD)]);
    expect(refusal(await w.admin('POST', '/api/intents/import/staging', { file: intentFile }))).toEqual([
      INTENT_FILE_FIELD,
      M.fileMissing(INTENT_FILE_FIELD),
    ]);
  });

  describe('entities', () => {
    test('an entity exports as {bot}-{entity}.enc; prebuilt ones are not exported', async () => {
      const response = expectStatus(await w.admin('GET', `${entitiesPath(bot)}/City/export`), 200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="Content Bot-City.enc"');
      expect(JSON.parse(response.body)).toMatchObject({
        format: 'parley-entity',
        version: 1,
        entity: {
          name: 'City',
          type: 'closedlists',
          sublists: [{ canonicalForm: 'Paris', list: ['paname'] }],
        },
      });
      expect(refusal(await w.admin('GET', `${entitiesPath(bot)}/Number/export`))[0]).toBe('name');
      expect((await w.designer('GET', `${entitiesPath(bot)}/City/export`)).statusCode).toBe(403);
    });

    test('staging answers the entity; import needs a name free among entities and intents', async () => {
      const staged = expectStatus(
        await w.upload('designer', '/api/entities/import/staging', ENTITY_FILE_FIELD, 'x.enc', entityFile),
        200,
      ).json();
      expect(staged).toMatchObject({ name: 'City', type: 'closedlists' });
      const url = (name: string) => `${entitiesPath(bot)}/${name}/import`;
      expect(refusal(await w.upload('admin', url('city'), ENTITY_FILE_FIELD, 'x.enc', entityFile))).toEqual([
        'name',
        ENTITY_MESSAGES.nameTakenOnImport,
      ]);
      expect(refusal(await w.upload('admin', url('Date'), ENTITY_FILE_FIELD, 'x.enc', entityFile))).toEqual([
        'name',
        ENTITY_MESSAGES.nameTakenOnImport,
      ]);
      expect(
        refusal(await w.upload('admin', url('BookFlight'), ENTITY_FILE_FIELD, 'x.enc', entityFile)),
      ).toEqual(['name', ENTITY_MESSAGES.intentNameClash]);
      // Same values and roles under a new name would belong to two entities.
      expect(refusal(await w.upload('admin', url('Town'), ENTITY_FILE_FIELD, 'x.enc', entityFile))[1]).toBe(
        ENTITY_MESSAGES.rolesNotUnique,
      );
      await createBot(w.admin, 'Entity Target');
      const imported = expectStatus(
        await w.upload(
          'designer',
          `${entitiesPath('Entity Target')}/Town/import`,
          ENTITY_FILE_FIELD,
          'x.enc',
          entityFile,
        ),
        403,
      );
      expect(imported.json().code).toBe('permission_error');
      const town = expectStatus(
        await w.upload(
          'admin',
          `${entitiesPath('Entity Target')}/Town/import`,
          ENTITY_FILE_FIELD,
          'x.enc',
          entityFile,
        ),
        200,
      ).json() as EntityView;
      expect(town).toMatchObject({ name: 'Town', sublists: [{ canonicalForm: 'Paris', list: ['paname'] }] });
    });

    test.each([
      ['not JSON', 'nope', ENTITY_MESSAGES.notAnEntityFile],
      ['an intent file', () => intentFile, ENTITY_MESSAGES.notAnEntityFile],
      [
        'a regex that RE2 cannot compile',
        JSON.stringify({
          format: 'parley-entity',
          version: 1,
          entity: { name: 'R1', type: 'regexentities', regexes: ['(?<=x)y'], examples: ['y'] },
        }),
        ENTITY_MESSAGES.invalidRegexBecause(
          '(?<=x)y',
          'lookbehind ((?<= and (?<!) is not supported (regexes run on RE2, whose matching time is linear)',
        ),
      ],
      [
        'six simple examples',
        JSON.stringify({
          format: 'parley-entity',
          version: 1,
          entity: { name: 'S1', type: 'entities', examples: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] },
        }),
        ENTITY_MESSAGES.simpleExamplesLimit,
      ],
    ])('staging refuses an entity file that is %s', async (_case, content, message) => {
      const body = typeof content === 'function' ? content() : content;
      expect(
        refusal(await w.upload('admin', '/api/entities/import/staging', ENTITY_FILE_FIELD, 'x.enc', body))[1],
      ).toBe(message);
    });
  });

  test('a user of another tenant cannot export this bot’s content', async () => {
    const master = as(server, w.world.master);
    expect((await master('GET', `${intentsPath(bot)}/BookFlight/export`)).statusCode).toBe(404);
  });
});
