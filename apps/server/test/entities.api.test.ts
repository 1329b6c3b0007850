import { type EntityView, INTENT_MESSAGES, ENTITY_MESSAGES as M, PREBUILT_ENTITIES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  entitiesPath,
  intentNamed,
  isPublished,
  markPublished,
  refusal,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';

describe.each(testDatabases())('entities on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;
  /** The refusal cases' bot: Color, Product and ZipCode as made below, never changed. */
  let refusalsBot: string;
  const path = () => entitiesPath(bot);
  const list = async () => expectStatus(await w.admin('GET', path()), 200).json() as EntityView[];
  const named = async (name: string) => (await list()).find((e) => e.name === name);

  /** The entities the closed-list and the simple-and-regex tests make, cleaned as they are stored. */
  const seedEntities = async (target: string) => {
    await createEntity(w.admin, target, {
      name: 'Color',
      description: 'Shirt colours',
      type: 'closedlists',
      sublists: [
        { canonicalForm: 'red', list: ['crimson', 'scarlet'] },
        { canonicalForm: 'blue', list: ['navy'] },
      ],
      resolveWithCanonical: true,
      roles: ['from', 'to'],
    });
    await createEntity(w.admin, target, { name: 'Product', type: 'entities', examples: ['laptop', 'phone'] });
    await createEntity(w.admin, target, {
      name: 'ZipCode',
      type: 'regexentities',
      regexes: ['\\d{5}', '[A-Z]{2}-\\d{4}'],
      examples: ['12345', 'AB-1234'],
    });
  };
  /** The test's own bot, and the entities of the file's earlier tests in it when asked. */
  const ownBot = async (label: string, seeded = false) => {
    bot = await ownContentBot(w, label);
    if (seeded) await seedEntities(bot);
    return bot;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    refusalsBot = await ownContentBot(w, 'Entity Refusals');
    await seedEntities(refusalsBot);
  });
  afterAll(() => server?.close());

  test('a new bot lists the thirteen prebuilt entities, read-only, with their examples', async () => {
    await ownBot('Prebuilt Entities');
    const entities = await list();
    expect(entities.map((e) => e.name)).toEqual(PREBUILT_ENTITIES.map((p) => p.name));
    for (const entity of entities) {
      expect(entity).toMatchObject({ type: 'prebuilts', isPrebuilt: true, botId: null, roles: [] });
      expect(entity.examples.length).toBeGreaterThan(0);
    }
  });

  test('a closed list: sublists of canonical form and synonyms, resolve with canonical, roles', async () => {
    await ownBot('Closed List');
    const created = (await createEntity(w.admin, bot, {
      name: 'Color',
      description: 'Shirt colours',
      type: 'closedlists',
      sublists: [
        { canonicalForm: ' red ', list: ['crimson', ' scarlet', '', 'Crimson'] },
        { canonicalForm: 'blue', list: ['navy'] },
        { canonicalForm: '', list: [] },
      ],
      resolveWithCanonical: true,
      roles: ['from', { name: 'to' }, ''],
    }).catch(() => undefined)) as EntityView | undefined;
    // An empty role is refused, not dropped silently, when it is sent.
    expect(created).toBeUndefined();
    const entity = (await createEntity(w.admin, bot, {
      name: 'Color',
      description: 'Shirt colours',
      type: 'closedlists',
      sublists: [
        { canonicalForm: ' red ', list: ['crimson', ' scarlet', '', 'Crimson'] },
        { canonicalForm: 'blue', list: ['navy'] },
        { canonicalForm: '', list: [] },
      ],
      resolveWithCanonical: true,
      roles: ['from', { name: 'to' }],
    })) as EntityView;
    expect(entity).toMatchObject({
      name: 'Color',
      description: 'Shirt colours',
      type: 'closedlists',
      isPrebuilt: false,
      sublists: [
        { canonicalForm: 'red', list: ['crimson', 'scarlet'] },
        { canonicalForm: 'blue', list: ['navy'] },
      ],
      resolveWithCanonical: true,
      roles: [{ name: 'from' }, { name: 'to' }],
    });
    expect((await list())[0]?.name).toBe('Color');
  });

  test('a simple entity and a regex entity', async () => {
    await ownBot('Simple And Regex');
    const simple = (await createEntity(w.admin, bot, {
      name: 'Product',
      type: 'entities',
      examples: ['laptop', ' phone ', ''],
    })) as EntityView;
    expect(simple.examples).toEqual(['laptop', 'phone']);
    const regex = (await createEntity(w.admin, bot, {
      name: 'ZipCode',
      type: 'regexentities',
      regexes: ['\\d{5}', '[A-Z]{2}-\\d{4}'],
      examples: ['12345', 'AB-1234'],
    })) as EntityView;
    expect(regex).toMatchObject({ regexes: ['\\d{5}', '[A-Z]{2}-\\d{4}'], examples: ['12345', 'AB-1234'] });
  });

  test.each([
    [
      'a name with a space',
      { name: 'Shoe size', type: 'entities', examples: ['x1'] },
      ['name', M.invalidName],
    ],
    ['a name with a dot', { name: 'shoe.size', type: 'entities', examples: ['x1'] }, ['name', M.invalidName]],
    ['a taken name', { name: 'color', type: 'entities', examples: ['x1'] }, ['name', M.nameTaken]],
    ['a prebuilt name', { name: 'Email', type: 'entities', examples: ['x1'] }, ['name', M.nameTaken]],
    [
      'the None intent name',
      { name: 'None', type: 'entities', examples: ['x1'] },
      ['name', M.intentNameClash],
    ],
    ['a prebuilt type', { name: 'Size', type: 'prebuilts' }, ['type', M.invalidType]],
    ['no example', { name: 'Size', type: 'entities', examples: [] }, ['examples', M.atLeastOneValidExample]],
    [
      'six examples',
      { name: 'Size', type: 'entities', examples: ['s', 'm', 'l', 'xl', 'xxl', 'xs'] },
      ['examples', M.simpleExamplesLimit],
    ],
    ['no sublist', { name: 'Size', type: 'closedlists', sublists: [] }, ['sublists', M.atLeastOneSublist]],
    [
      'a sublist without canonical form',
      { name: 'Size', type: 'closedlists', sublists: [{ canonicalForm: '', list: ['big'] }] },
      ['sublists', M.canonicalFormEmpty],
    ],
    [
      'a repeated canonical form',
      {
        name: 'Size',
        type: 'closedlists',
        sublists: [
          { canonicalForm: 'big', list: [] },
          { canonicalForm: 'Big', list: [] },
        ],
      },
      ['sublists', M.canonicalFormExists('Big')],
    ],
    [
      'no regex',
      { name: 'Size', type: 'regexentities', regexes: [], examples: ['x1'] },
      ['regexes', M.atLeastOneRegex],
    ],
    [
      'a regex that does not compile',
      { name: 'Size', type: 'regexentities', regexes: ['(a'], examples: ['a'] },
      ['regexes', M.invalidRegexBecause('(a', 'missing closing ): `(a`')],
    ],
    [
      'a back-reference (RE2 refuses it)',
      { name: 'Size', type: 'regexentities', regexes: ['(a)\\1'], examples: ['aa'] },
      [
        'regexes',
        M.invalidRegexBecause(
          '(a)\\1',
          'back-references (\\1, \\k<name>) are not supported (regexes run on RE2, whose matching time is linear)',
        ),
      ],
    ],
    [
      'a look-ahead (RE2 refuses it)',
      { name: 'Size', type: 'regexentities', regexes: ['a(?=b)'], examples: ['ab'] },
      [
        'regexes',
        M.invalidRegexBecause(
          'a(?=b)',
          'lookahead ((?= and (?!) is not supported (regexes run on RE2, whose matching time is linear)',
        ),
      ],
    ],
    [
      'a regex over 500 characters',
      { name: 'Size', type: 'regexentities', regexes: ['a'.repeat(501)], examples: ['a'] },
      ['regexes.0', M.invalidRegex],
    ],
    [
      'a regex entity without examples',
      { name: 'Size', type: 'regexentities', regexes: ['\\d+'], examples: [] },
      ['examples', M.atLeastOneExample],
    ],
    [
      'an example no regex matches',
      { name: 'Size', type: 'regexentities', regexes: ['^\\d+$'], examples: ['12', 'twelve'] },
      ['examples', M.allExamplesMustMatch],
    ],
    [
      'an empty role',
      { name: 'Size', type: 'entities', examples: ['x1'], roles: [' '] },
      ['roles', M.roleEmpty],
    ],
    [
      'a role with a space',
      { name: 'Size', type: 'entities', examples: ['x1'], roles: ['shoe size'] },
      ['roles', M.invalidRoleName],
    ],
    [
      'a role used by another entity',
      { name: 'Size', type: 'entities', examples: ['x1'], roles: ['FROM'] },
      ['roles', M.rolesNotUnique],
    ],
    [
      'a value of another entity',
      { name: 'Size', type: 'entities', examples: ['Navy'] },
      ['examples', M.valueUsed('Navy', 'Color')],
    ],
    [
      'a synonym that is another entity’s example',
      { name: 'Size', type: 'closedlists', sublists: [{ canonicalForm: 'big', list: ['LAPTOP'] }] },
      ['sublists', M.valueUsed('LAPTOP', 'Product')],
    ],
    [
      'a value in two sublists',
      {
        name: 'Size',
        type: 'closedlists',
        sublists: [
          { canonicalForm: 'big', list: ['large'] },
          { canonicalForm: 'large', list: [] },
        ],
      },
      ['sublists', M.valueUsed('large', 'Size')],
    ],
  ])('creating is refused for %s, and nothing is created', async (_case, body, problem) => {
    bot = refusalsBot;
    const before = await list();
    expect(refusal(await w.admin('POST', path(), body))).toEqual(problem);
    expect(await list()).toEqual(before);
  });

  test('catastrophic regexes run in linear time: a long example is checked at once', async () => {
    await ownBot('Catastrophic Regexes');
    const evil = ['(a+)+$', '^(a|aa)+$', '(.*a){20}$', '(x+x+)+y', '^(([a-z])+.)+[A-Z]([a-z])+$'];
    const long = `${'a'.repeat(499)}!`;
    const started = Date.now();
    for (const regex of evil) {
      const response = await w.admin('POST', path(), {
        name: 'Evil',
        type: 'regexentities',
        regexes: [regex],
        examples: [long],
      });
      const [, message] = refusal(response);
      expect([M.allExamplesMustMatch, M.invalidRegex]).toContain(message);
    }
    // The same patterns in JavaScript's backtracking engine would not finish in a lifetime.
    expect(Date.now() - started).toBeLessThan(3000);
    const accepted = await w.admin('POST', path(), {
      name: 'Evil',
      type: 'regexentities',
      regexes: ['(a+)+$'],
      examples: [`${'a'.repeat(499)}`],
    });
    expect(accepted.statusCode).toBe(200);
    expect(refusal(await w.admin('PUT', path(), { name: 'Evil', examples: [long] }))).toEqual([
      'examples',
      M.exampleMustMatch,
    ]);
  });

  test('updating: the fields sent change, the others stay; the editor rules apply', async () => {
    await ownBot('Updating Entities', true);
    const updated = expectStatus(
      await w.admin('PUT', path(), {
        name: 'color',
        sublists: [
          { canonicalForm: 'red', list: ['crimson'] },
          { canonicalForm: 'green', list: ['lime'] },
        ],
        examples: ['ignored for closed lists'],
      }),
      200,
    ).json() as EntityView;
    expect(updated).toMatchObject({
      name: 'Color',
      description: 'Shirt colours',
      resolveWithCanonical: true,
      roles: [{ name: 'from' }, { name: 'to' }],
      examples: [],
      sublists: [
        { canonicalForm: 'red', list: ['crimson'] },
        { canonicalForm: 'green', list: ['lime'] },
      ],
    });
    expect(refusal(await w.admin('PUT', path(), { name: 'Product', examples: [] }))).toEqual([
      'examples',
      M.atLeastOneExample,
    ]);
    expect(refusal(await w.admin('PUT', path(), { name: 'ZipCode', examples: ['no digits'] }))).toEqual([
      'examples',
      M.exampleMustMatch,
    ]);
    expect(refusal(await w.admin('PUT', path(), { name: 'Product', roles: ['to'] }))).toEqual([
      'roles',
      M.rolesNotUnique,
    ]);
    expect(refusal(await w.admin('PUT', path(), { name: 'Number', examples: ['1'] }))).toEqual([
      'name',
      M.prebuiltReadOnly,
    ]);
    expect((await w.admin('PUT', path(), { name: 'Nothing', examples: ['1'] })).statusCode).toBe(404);
    // The freed value "navy" may now go to another entity.
    const product = expectStatus(
      await w.admin('PUT', path(), { name: 'Product', examples: ['laptop', 'navy'] }),
      200,
    ).json();
    expect(product.examples).toEqual(['laptop', 'navy']);
  });

  test('an entity used in patterns cannot be deleted, nor lose a role a pattern uses', async () => {
    await ownBot('Entity In Patterns', true);
    await createIntent(w.admin, bot, {
      name: 'Order',
      utterances: ['a [color:from] shirt', 'I want a shirt'],
    });
    expect((await intentNamed(w.admin, bot, 'Order'))?.patterns.map((p) => p.text)).toEqual([
      'a [Color:from] shirt',
    ]);
    expect(refusal(await w.admin('DELETE', `${path()}/Color`))).toEqual(['name', M.inUse('Color')]);
    expect(refusal(await w.admin('PUT', path(), { name: 'Color', roles: ['to'] }))).toEqual([
      'roles',
      M.inUse('Color'),
    ]);
    expect((await named('Color'))?.roles).toEqual([{ name: 'from' }, { name: 'to' }]);
    // A role no pattern uses may go.
    expectStatus(await w.admin('PUT', path(), { name: 'Color', roles: ['from'] }), 200);
  });

  test('renaming an entity renames its placeholders in every pattern', async () => {
    await ownBot('Renaming Entities', true);
    await createIntent(w.admin, bot, {
      name: 'Order',
      utterances: ['a [color:from] shirt', 'I want a shirt'],
    });
    const renamed = expectStatus(
      await w.admin('PUT', `${path()}/change-name`, { name: 'Color', newName: 'Shade' }),
      200,
    ).json();
    expect(renamed.name).toBe('Shade');
    expect((await intentNamed(w.admin, bot, 'Order'))?.patterns.map((p) => p.text)).toEqual([
      'a [Shade:from] shirt',
    ]);
    expect((await intentNamed(w.admin, bot, 'Order'))?.entities).toEqual(['Shade']);
    for (const [body, problem] of [
      [{ name: 'Shade', newName: 'Product' }, ['newName', M.nameTaken]],
      [{ name: 'Shade', newName: 'Order' }, ['newName', M.intentNameClash]],
      [{ name: 'Shade', newName: 'Url' }, ['newName', M.nameTaken]],
      [{ name: 'Shade', newName: 'a-b' }, ['newName', M.invalidName]],
      [{ name: 'Date', newName: 'When' }, ['name', M.prebuiltReadOnly]],
    ] as const) {
      expect(refusal(await w.admin('PUT', `${path()}/change-name`, body))).toEqual(problem);
    }
  });

  test('the description', async () => {
    await ownBot('Entity Description');
    await createEntity(w.admin, bot, {
      name: 'Shade',
      description: 'Shirt colours',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'red', list: ['crimson'] }],
    });
    const entity = expectStatus(
      await w.admin('POST', `${path()}/update-description`, {
        name: 'Shade',
        description: 'Colours we sell',
      }),
      200,
    ).json();
    expect(entity.description).toBe('Colours we sell');
    expect((await named('Shade'))?.description).toBe('Colours we sell');
  });

  test('deleting: prebuilt never, unused custom ones yes', async () => {
    await ownBot('Deleting Entities', true);
    expectStatus(await w.admin('PUT', `${path()}/change-name`, { name: 'Color', newName: 'Shade' }), 200);
    await createIntent(w.admin, bot, {
      name: 'Order',
      utterances: ['a [shade:from] shirt', 'I want a shirt'],
    });
    expect(refusal(await w.admin('DELETE', `${path()}/Number`))).toEqual(['name', M.cannotDeletePrebuilt]);
    expect((await w.admin('DELETE', `${path()}/Product`)).statusCode).toBe(204);
    expect(await named('Product')).toBeUndefined();
    expect((await w.admin('DELETE', `${path()}/Product`)).statusCode).toBe(404);
    // The intent that used the entity goes, then the entity may go.
    expect((await w.admin('DELETE', `/api/${encodeURIComponent(bot)}/intents/Order`)).statusCode).toBe(204);
    expect((await w.admin('DELETE', `${path()}/Shade`)).statusCode).toBe(204);
  });

  test('an intent name taken by an entity is refused with the intent message', async () => {
    await ownBot('Intent Name Clash', true);
    expect(
      refusal(
        await w.admin('POST', `/api/${encodeURIComponent(bot)}/intents`, {
          name: 'ZipCode',
          utterances: ['a1', 'b2'],
        }),
      ),
    ).toEqual(['name', INTENT_MESSAGES.entityNameClash]);
  });

  test('every change marks the bot unpublished', async () => {
    await ownBot('Unpublished By Entities');
    const changes = [
      () => w.admin('POST', path(), { name: 'Size', type: 'entities', examples: ['small'] }),
      () => w.admin('PUT', path(), { name: 'Size', examples: ['small', 'big'] }),
      () => w.admin('PUT', `${path()}/change-name`, { name: 'Size', newName: 'Bigness' }),
      () => w.admin('POST', `${path()}/update-description`, { name: 'Bigness', description: 'x' }),
      () => w.admin('DELETE', `${path()}/Bigness`),
    ];
    for (const change of changes) {
      await markPublished(server, w.world, bot);
      expect((await change()).statusCode).toBeLessThan(300);
      expect(await isPublished(w.admin, bot)).toBe(false);
    }
  });

  test('a Designer manages entities but may not export them; a user without a role is refused', async () => {
    await ownBot('Designer Entities', true);
    await createEntity(w.designer, bot, { name: 'Team', type: 'entities', examples: ['sales'] });
    expect((await w.designer('GET', `${path()}/Team/export`)).statusCode).toBe(403);
    expect((await w.designer('DELETE', `${path()}/Team`)).statusCode).toBe(204);
    for (const [method, url, body] of [
      ['GET', path(), undefined],
      ['POST', path(), { name: 'Sneaky', type: 'entities', examples: ['x1'] }],
      ['PUT', path(), { name: 'ZipCode', examples: ['12345'] }],
      ['DELETE', `${path()}/ZipCode`, undefined],
      ['GET', `${path()}/ZipCode/export`, undefined],
    ] as const) {
      const response = await w.stranger(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await named('ZipCode')).toBeDefined();
  });
});
