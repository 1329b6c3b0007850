import { VARIABLE_MESSAGES as M, VARIABLE_LIMITS } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import { ownContentBot } from './support/own-content-bot';
import { startTestServer, type TestServer } from './support/test-server';
import { errorOf, objectBody, objectPath, objectsPath, putObject, readAll } from './support/variables';

describe.each(testDatabases())('objects on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let bot: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server);
    bot = w.botName;
    // The refusal cases meet an existing 'order' on the shared bot (none of them changes it).
    expectStatus(await putObject(w.designer, bot, objectBody('order', { id: '7' })), 200);
  });
  /** The bot's id as the answers name it. */
  const botIdOf = async (name: string) =>
    (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(name))?.id;
  afterAll(() => server?.close());

  test('PUT adds an object with its properties in order, as the spec shapes them', async () => {
    const own = await ownContentBot(w, 'Objects Bot');
    const answer = expectStatus(
      await putObject(w.designer, own, objectBody(' order ', { id: '42', status: 'open', note: '' })),
      200,
    ).json();
    const botId = await botIdOf(own);
    expect(answer.objects).toEqual({
      order: {
        isGlobal: false,
        variables: {
          id: { key: 'id', value: '42', botId, isGlobal: false, isSystem: false },
          status: { key: 'status', value: 'open', botId, isGlobal: false, isSystem: false },
          note: { key: 'note', value: '', botId, isGlobal: false, isSystem: false },
        },
      },
    });
    expect(Object.keys(answer.objects.order.variables)).toEqual(['id', 'status', 'note']);
    expect(await readAll(w.designer, own)).toEqual(answer);
  });

  test('PUT of the same name replaces the properties: changed, added, removed', async () => {
    const own = await ownContentBot(w, 'Objects Bot');
    expectStatus(
      await putObject(w.designer, own, objectBody('order', { id: '42', status: 'open', note: '' })),
      200,
    );
    const answer = expectStatus(
      await putObject(w.designer, own, objectBody('order', { status: 'shipped', carrier: 'DHL' })),
      200,
    ).json();
    expect(answer.objects.order.variables).toEqual({
      status: expect.objectContaining({ key: 'status', value: 'shipped' }),
      carrier: expect.objectContaining({ key: 'carrier', value: 'DHL' }),
    });
  });

  test('a key may come from the map alone, and the answer sent back is accepted as it is', async () => {
    const sent = { name: 'customer', properties: { variables: { name: { value: 'Ada' } } } };
    const first = expectStatus(await putObject(w.designer, bot, sent), 200).json();
    expect(first.objects.customer.variables.name).toMatchObject({ key: 'name', value: 'Ada' });
    const roundTrip = { name: 'customer', properties: first.objects.customer };
    expect(expectStatus(await putObject(w.designer, bot, roundTrip), 200).json()).toEqual(first);
  });

  test.each([
    ['no property', objectBody('fresh', {}), ['properties.variables', M.atLeastOneProperty]],
    [
      'two keys alike ignoring case and blanks',
      {
        name: 'fresh',
        properties: { variables: { a: { key: 'id', value: '1' }, b: { key: ' ID ', value: '2' } } },
      },
      ['properties.variables.1.key', M.duplicateKeys],
    ],
    [
      'a blank key',
      objectBody('fresh', { a: { key: '  ', value: '1' } }),
      ['properties.variables.0.key', M.keyRequired],
    ],
    ['an empty name', objectBody('', { a: '1' }), ['name', M.nameRequired]],
    ['a blank name', objectBody('   ', { a: '1' }), ['name', M.nameRequired]],
    ['a number as name', { ...objectBody('x', { a: '1' }), name: 7 }, ['name', M.nameRequired]],
    [
      'a value that is not text',
      objectBody('fresh', { a: { value: 1 } as never }),
      ['properties.variables.0.value', 'The property value must be text.'],
    ],
    [
      'an entry that is not an object',
      { name: 'fresh', properties: { variables: { a: 'b' } } },
      ['properties.variables.0', M.propertiesMap],
    ],
    [
      'properties as a list',
      { name: 'fresh', properties: [{ key: 'a', value: '1' }] },
      ['properties', M.propertiesMap],
    ],
    ['no properties', { name: 'fresh' }, ['properties', M.propertiesMap]],
    [
      'a key too long',
      objectBody('fresh', { a: { key: 'k'.repeat(VARIABLE_LIMITS.key + 1), value: '1' } }),
      ['properties.variables.0.key', M.tooLong('key', VARIABLE_LIMITS.key)],
    ],
    [
      'a property value too long',
      objectBody('fresh', { a: 'v'.repeat(VARIABLE_LIMITS.value + 1) }),
      ['properties.variables.0.value', M.tooLong('value', VARIABLE_LIMITS.value)],
    ],
    [
      'too many properties',
      objectBody(
        'fresh',
        Object.fromEntries(Array.from({ length: VARIABLE_LIMITS.properties + 1 }, (_, i) => [`k${i}`, 'v'])),
      ),
      ['properties.variables', M.tooMany('properties', VARIABLE_LIMITS.properties)],
    ],
    [
      'isGlobal as text',
      objectBody('fresh', { a: '1' }, { isGlobal: 'false' }),
      ['isGlobal', M.isGlobalFlag],
    ],
    [
      'the name of an object in another case',
      objectBody('ORDER', { a: '1' }),
      ['name', M.nameTaken('ORDER')],
    ],
    [
      'duplicate keys for an existing object',
      {
        name: 'order',
        properties: { variables: { a: { key: 'x', value: '1' }, b: { key: 'X', value: '2' } } },
      },
      ['properties.variables.1.key', M.duplicateKeys],
    ],
    [
      'no property for an existing object',
      objectBody('order', {}),
      ['properties.variables', M.atLeastOneProperty],
    ],
  ])('refuses %s and changes nothing', async (_case, body, expected) => {
    const before = await readAll(w.designer, bot);
    expect(refusal(await putObject(w.designer, bot, body))).toEqual(expected);
    expect(await readAll(w.designer, bot)).toEqual(before);
  });

  test('system properties cannot be deleted or renamed; their value can change and they stay system', async () => {
    expectStatus(
      await putObject(
        w.designer,
        bot,
        objectBody('session', { id: { key: 'id', value: 's-1', isSystem: true }, channel: 'web' }),
      ),
      200,
    );
    const before = await readAll(w.designer, bot);
    expect(before.objects.session?.variables.id?.isSystem).toBe(true);
    expect(before.objects.session?.variables.channel?.isSystem).toBe(false);

    expect(refusal(await putObject(w.designer, bot, objectBody('session', { channel: 'web' })))).toEqual([
      'properties',
      M.systemPropertyRemoved('id'),
    ]);
    expect(
      refusal(await putObject(w.designer, bot, objectBody('session', { ID: 's-1', channel: 'web' }))),
    ).toEqual(['properties', M.systemPropertyRemoved('id')]);
    expect(await readAll(w.designer, bot)).toEqual(before);

    const changed = expectStatus(
      await putObject(
        w.designer,
        bot,
        objectBody('session', { id: { key: 'id', value: 's-2', isSystem: false } }),
      ),
      200,
    ).json();
    expect(changed.objects.session.variables).toEqual({
      id: expect.objectContaining({ value: 's-2', isSystem: true }),
    });
  });

  test('DELETE removes an object with its properties; the wrong flag or name is 404', async () => {
    const bot = await ownContentBot(w, 'Objects Bot');
    expectStatus(
      await putObject(
        w.designer,
        bot,
        objectBody('session', { id: { key: 'id', value: 's-1', isSystem: true }, channel: 'web' }),
      ),
      200,
    );
    expectStatus(await putObject(w.designer, bot, objectBody('scratch', { a: '1' })), 200);
    const before = await readAll(w.designer, bot);
    expect(errorOf(await w.designer('DELETE', objectPath(bot, 'scratch', true))).status).toBe(404);
    expect(errorOf(await w.designer('DELETE', objectPath(bot, 'nothing', false))).status).toBe(404);
    expect(refusal(await w.designer('DELETE', objectPath(bot, 'scratch', '1')))).toEqual([
      'isGlobal',
      M.isGlobalFlag,
    ]);
    expect(await readAll(w.designer, bot)).toEqual(before);

    expectStatus(await w.designer('DELETE', objectPath(bot, 'scratch', false)), 204);
    expect((await readAll(w.designer, bot)).objects).not.toHaveProperty('scratch');
    // An object with system properties can go as a whole.
    expectStatus(await w.designer('DELETE', objectPath(bot, 'session', false)), 204);
    const properties = await server.ctx.repos.db
      .selectFrom('object_properties')
      .select('key')
      .where('tenant_id', '=', w.world.tenantB)
      .where('bot_id', '=', (await botIdOf(bot)) ?? '')
      .execute();
    const remaining = await readAll(w.designer, bot);
    const expected = Object.values(remaining.objects).flatMap((o) => Object.keys(o.variables));
    expect(properties.map((p) => p.key).sort()).toEqual(expected.sort());
  });

  test('without the manage permission objects are read-only', async () => {
    const before = await readAll(w.admin, bot);
    const put = await w.stranger('PUT', objectsPath(bot), objectBody('order', { a: '1' }));
    expect(errorOf(put)).toMatchObject({ status: 403, code: 'permission_error' });
    const del = await w.stranger('DELETE', objectPath(bot, 'order', false));
    expect(errorOf(del)).toMatchObject({ status: 403, code: 'permission_error' });
    expect(await readAll(w.admin, bot)).toEqual(before);
  });
});
