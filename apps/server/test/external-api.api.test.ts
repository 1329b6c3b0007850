import { createHash } from 'node:crypto';
import {
  API_CONVERSATION_LIFETIME,
  EXTERNAL_API_MESSAGES,
  type ExternalApiSettingsView,
  type GeneratedApiKey,
  MAX_API_KEYS_PER_BOT,
  Permission,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus } from './support/admin-world';
import { DESIGNER_ROLE } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const MAINTAINER_ROLE = 3;
const KEY_FORMAT = /^prl_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;

const external = (bot: string) => `/api/external/${encodeURIComponent(bot)}`;

/**
 * The External API channel's keys (spec 04 sections 3.4, 5, 6, 7.1, 9; issue 13): made, shown
 * once and kept hashed, locked, deleted, the conversation timeout, with Manage API keys (29) on
 * the bot and within the caller's tenant only. Each test has a tenant of its own.
 */
describe.each(testDatabases())('External API keys on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
  });
  afterAll(() => server?.close());

  /** A tenant of the test's own, its administrator and plain user, and a bot. */
  async function ownBot(botName = 'Api Bot') {
    const world = await buildOwnAdminWorld(server, base, uniqueKey());
    const admin = as(server, world.tenantAdmin);
    await createBot(admin, botName);
    return { world, admin, user: as(server, world.plainUser), botName };
  }

  const generate = async (call: Call, bot: string) =>
    expectStatus(
      await call('POST', `${external(bot)}/api-key/generate`, { expiresOnDate: false }),
      200,
    ).json() as GeneratedApiKey;
  const settings = async (call: Call, bot: string) =>
    expectStatus(await call('GET', `${external(bot)}/api-keys`), 200).json() as ExternalApiSettingsView;

  test('generate answers the key once; the list shows its id, a hint and its state, never the key', async () => {
    const { admin, botName } = await ownBot();
    const made = await generate(admin, botName);
    expect(made.apiKey).toMatch(KEY_FORMAT);
    expect(made).toEqual({ apiKey: made.apiKey, keyId: made.apiKey.slice(4, 20), isLocked: false });

    const view = await settings(admin, botName);
    expect(view.apiKeys).toEqual([
      {
        keyId: made.keyId,
        hint: `…${made.apiKey.slice(-4)}`,
        isLocked: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(view.conversationIdLifeTime).toBe(API_CONVERSATION_LIFETIME.defaultSeconds);
    expect(view.directLineUrl).toBe('http://parley.test/v3/directline');
    expect(JSON.stringify(view)).not.toContain(made.apiKey.slice(21));

    // Two keys are two different secrets.
    const second = await generate(admin, botName);
    expect(second.keyId).not.toBe(made.keyId);
    expect(second.apiKey).not.toBe(made.apiKey);
    expect((await settings(admin, botName)).apiKeys.map((k) => k.keyId)).toEqual([made.keyId, second.keyId]);
  });

  test('the database keeps only the SHA-256 of a key: no column of its row holds the key or its secret', async () => {
    const { admin, botName } = await ownBot();
    const made = await generate(admin, botName);
    const row = await server.ctx.repos.db
      .selectFrom('external_api_keys')
      .selectAll()
      .where('key_id', '=', made.keyId)
      .executeTakeFirstOrThrow();
    const secret = made.apiKey.slice(21);
    for (const value of Object.values(row)) {
      expect(String(value)).not.toContain(secret);
      expect(String(value)).not.toContain(secret.slice(0, 16));
    }
    expect(row.key_hash).toBe(createHash('sha256').update(made.apiKey).digest('hex'));
    expect(row.hint).toBe(`…${secret.slice(-4)}`);
  });

  test('update locks and unlocks keys and sets the timeout in seconds (204); delete removes a key (204)', async () => {
    const { admin, botName } = await ownBot();
    const first = await generate(admin, botName);
    const second = await generate(admin, botName);
    const update = await admin('PUT', `${external(botName)}/api-key/update`, {
      apiKeys: { [first.keyId]: { isLocked: true }, [second.keyId]: { isLocked: false } },
      conversationIdLifeTime: 45 * 60,
    });
    expectStatus(update, 204);
    expect(update.body).toBe('');
    let view = await settings(admin, botName);
    expect(view.apiKeys.map((k) => [k.keyId, k.isLocked])).toEqual([
      [first.keyId, true],
      [second.keyId, false],
    ]);
    expect(view.conversationIdLifeTime).toBe(2700);

    // The timeout alone, and the keys alone, are updates too.
    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, { apiKeys: {}, conversationIdLifeTime: 60 }),
      204,
    );
    expectStatus(
      await admin('PUT', `${external(botName)}/api-key/update`, {
        apiKeys: { [first.keyId]: { isLocked: false } },
      }),
      204,
    );
    view = await settings(admin, botName);
    expect(view.conversationIdLifeTime).toBe(60);
    expect(view.apiKeys.find((k) => k.keyId === first.keyId)?.isLocked).toBe(false);

    const deleted = await admin('DELETE', `${external(botName)}/api-key/${first.keyId}`);
    expectStatus(deleted, 204);
    expect((await settings(admin, botName)).apiKeys.map((k) => k.keyId)).toEqual([second.keyId]);
    expectStatus(await admin('DELETE', `${external(botName)}/api-key/${first.keyId}`), 404);
  });

  test.each<[string, unknown]>([
    ['expiresOnDate true', { expiresOnDate: true }],
    ['expiresOnDate as text', { expiresOnDate: 'false' }],
    ['an unknown field', { expiresOnDate: false, scope: 'all' }],
    ['an array', []],
  ])('generate with %s: 400 validation_error, no key made', async (_case, body) => {
    const { admin, botName } = await ownBot();
    const response = await admin('POST', `${external(botName)}/api-key/generate`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
    expect((await settings(admin, botName)).apiKeys).toEqual([]);
  });

  test.each<[string, (keyId: string) => unknown, string]>([
    ['a timeout under a minute', () => ({ conversationIdLifeTime: 59 }), EXTERNAL_API_MESSAGES.lifetime],
    ['a timeout of a fraction', () => ({ conversationIdLifeTime: 90.5 }), EXTERNAL_API_MESSAGES.lifetime],
    ['a timeout as text', () => ({ conversationIdLifeTime: '3600' }), EXTERNAL_API_MESSAGES.lifetime],
    [
      'a timeout over a week',
      () => ({ conversationIdLifeTime: API_CONVERSATION_LIFETIME.maxSeconds + 1 }),
      EXTERNAL_API_MESSAGES.lifetime,
    ],
    [
      'isLocked as text',
      (keyId) => ({ apiKeys: { [keyId]: { isLocked: 'yes' } } }),
      EXTERNAL_API_MESSAGES.isLocked,
    ],
    [
      'a malformed key id',
      () => ({ apiKeys: { 'not-a-key': { isLocked: true } } }),
      EXTERNAL_API_MESSAGES.keyIdInvalid,
    ],
    ['apiKeys as a list', () => ({ apiKeys: [] }), ''],
    ['an unknown field', () => ({ apiKeys: {}, expires: 1 }), ''],
  ])('update with %s: 400, nothing changed', async (_case, body, message) => {
    const { admin, botName } = await ownBot();
    const made = await generate(admin, botName);
    const response = await admin('PUT', `${external(botName)}/api-key/update`, body(made.keyId));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_error');
    if (message) expect(response.json().message).toBe(message);
    const view = await settings(admin, botName);
    expect(view.apiKeys[0]?.isLocked).toBe(false);
    expect(view.conversationIdLifeTime).toBe(API_CONVERSATION_LIFETIME.defaultSeconds);
  });

  test('update naming a key the bot does not have: 404, and none of the keys changed', async () => {
    const { admin, botName } = await ownBot();
    const made = await generate(admin, botName);
    const response = await admin('PUT', `${external(botName)}/api-key/update`, {
      apiKeys: { [made.keyId]: { isLocked: true }, '0123456789abcdef': { isLocked: true } },
    });
    expect(response.statusCode).toBe(404);
    expect((await settings(admin, botName)).apiKeys[0]?.isLocked).toBe(false);
  });

  test('delete with a malformed key id is 400; an unknown bot is 404 on every call', async () => {
    const { admin, botName } = await ownBot();
    const bad = await admin('DELETE', `${external(botName)}/api-key/${encodeURIComponent('../x')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', fieldName: 'keyId' });
    for (const [method, path, body] of [
      ['GET', '/api-keys', undefined],
      ['POST', '/api-key/generate', { expiresOnDate: false }],
      ['PUT', '/api-key/update', { apiKeys: {} }],
      ['DELETE', '/api-key/0123456789abcdef', undefined],
    ] as const) {
      expect(
        (await admin(method, `${external('No Such Bot')}${path}`, body)).statusCode,
        `${method} ${path}`,
      ).toBe(404);
    }
  });

  test(`a bot holds at most ${MAX_API_KEYS_PER_BOT} keys`, async () => {
    const { admin, botName } = await ownBot();
    for (let i = 0; i < MAX_API_KEYS_PER_BOT; i++) await generate(admin, botName);
    const refused = await admin('POST', `${external(botName)}/api-key/generate`, { expiresOnDate: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EXTERNAL_API_MESSAGES.tooManyKeys);
    expect((await settings(admin, botName)).apiKeys).toHaveLength(MAX_API_KEYS_PER_BOT);
  });

  test('Manage API keys (29) on the bot: a Designer and a user without a role are refused, a Maintainer may', async () => {
    const { world, admin, user, botName } = await ownBot();
    const made = await generate(admin, botName);
    const calls = [
      ['GET', '/api-keys', undefined],
      ['POST', '/api-key/generate', { expiresOnDate: false }],
      ['PUT', '/api-key/update', { apiKeys: { [made.keyId]: { isLocked: true } } }],
      ['DELETE', `/api-key/${made.keyId}`, undefined],
    ] as const;
    const refusedAll = async () => {
      for (const [method, path, body] of calls) {
        const response = await user(method, `${external(botName)}${path}`, body);
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'permission_error',
          requiredPermission: Permission.ManageApiKeys,
        });
      }
    };
    await refusedAll();
    const assign = (role: number) =>
      admin('POST', '/api/user/role', { userEmail: world.plainUser.email, botName, role });
    expectStatus(await assign(DESIGNER_ROLE), 200);
    await refusedAll();
    const view = await settings(admin, botName);
    expect(view.apiKeys).toEqual([expect.objectContaining({ keyId: made.keyId, isLocked: false })]);

    expectStatus(await assign(MAINTAINER_ROLE), 200);
    expect((await settings(user, botName)).apiKeys.map((k) => k.keyId)).toEqual([made.keyId]);
    expectStatus(await user('PUT', `${external(botName)}/api-key/update`, calls[2][2]), 204);
    expectStatus(await user('DELETE', `${external(botName)}/api-key/${made.keyId}`), 204);
  });

  test('deleting the bot deletes its keys', async () => {
    const { admin, botName } = await ownBot('Short Lived Bot');
    const made = await generate(admin, botName);
    expectStatus(await admin('DELETE', `/api/bots/${encodeURIComponent(botName)}`), 204);
    expect(await server.ctx.repos.externalApiKeys.byKeyId(made.keyId)).toBeUndefined();
  });

  test('keys belong to their tenant: another tenant with a bot of the same name neither sees nor changes them', async () => {
    const mine = await ownBot('Same Name Bot');
    const theirs = await ownBot('Same Name Bot');
    const made = await generate(mine.admin, mine.botName);
    expect((await settings(theirs.admin, theirs.botName)).apiKeys).toEqual([]);
    expect(
      (
        await theirs.admin('PUT', `${external(theirs.botName)}/api-key/update`, {
          apiKeys: { [made.keyId]: { isLocked: true } },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await theirs.admin('DELETE', `${external(theirs.botName)}/api-key/${made.keyId}`)).statusCode,
    ).toBe(404);
    expect((await settings(mine.admin, mine.botName)).apiKeys).toEqual([
      expect.objectContaining({ keyId: made.keyId, isLocked: false }),
    ]);
  });
});
