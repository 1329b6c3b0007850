import { CHANNEL_KEYS, SECRET_MASK } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus } from './support/admin-world';
import { testDatabases } from './support/databases';
import { createFuzzLog, fuzzSender, HOSTILE_RAW_BODIES, HOSTILE_VALUES, hostileBodies } from './support/fuzz';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The keys calls of every messaging platform (spec 04 sections 3.4, 6, 7.1): derived from the
 * platforms' declarations, answered with secrets masked, secrets sealed at rest, a masked secret
 * sent back keeps the stored one, bad values get the field's message, only ManageChannels opens
 * them, and nothing crosses tenants.
 */
describe.each(testDatabases())('channel keys on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let admin: Call;
  let tenantId: string;
  let plainUserToken: string;
  let adminToken: string;
  const BOT = 'Keys Bot';
  const keysOf = (platform: string, bot = BOT) => `/api/${platform}/${encodeURIComponent(bot)}/keys`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // Saving keys checks them with the platform: here every platform is a closed local port, so
    // a check fails at once (and nothing leaves the machine).
    for (const name of Object.keys(server.ctx.config.platforms) as Array<
      keyof typeof server.ctx.config.platforms
    >)
      server.ctx.config.platforms[name] = 'http://127.0.0.1:9';
    base = await signUpMaster(server);
    const world = await buildOwnAdminWorld(server, base, uniqueKey());
    admin = as(server, world.tenantAdmin);
    tenantId = world.tenantB;
    plainUserToken = world.plainUser.token;
    adminToken = world.tenantAdmin.token;
    expectStatus(await admin('POST', '/api/bot', { name: BOT, region: 'eu-west', language: 'en' }), 200);
  });
  afterAll(async () => {
    await server?.close();
  });

  test('every platform answers its keys, unset ones at their initial values', async () => {
    for (const declaration of Object.values(CHANNEL_KEYS)) {
      const keys = expectStatus(await admin('GET', keysOf(declaration.path)), 200).json();
      for (const name of Object.keys(declaration.fields)) {
        const value = name
          .split(/\.|\[|\]/)
          .filter(Boolean)
          .reduce<unknown>((here, step) => (here as Record<string, unknown> | undefined)?.[step], keys);
        expect(value, `${declaration.path} ${name}`).not.toBeUndefined();
      }
    }
    expect(expectStatus(await admin('GET', keysOf('telegram')), 200).json()).toEqual({
      accessToken: '',
      isValidated: false,
    });
    expect(expectStatus(await admin('GET', keysOf('twilio')), 200).json()).toMatchObject({
      voice: 'alice',
      optionsGatherType: 'dtmf speech',
      optionsMessage: 'option',
      speechTimeout: 0,
    });
  });

  test('a secret is sealed at rest, answered masked, and kept when the mask comes back', async () => {
    const password = 'teams-app-password-0123456789';
    const saved = expectStatus(
      await admin('PUT', keysOf('teams'), { appPassword: password, messagesTimeout: 30 }),
      200,
    ).json();
    expect(saved).toMatchObject({ appPassword: `${SECRET_MASK}6789`, messagesTimeout: 30, appId: '' });
    expect(JSON.stringify(saved)).not.toContain(password);

    const scope = server.ctx.repos.forTenant(tenantId);
    const bot = await scope.bots.get(BOT);
    const record = bot && (await scope.channelKeys(bot.id).get('teams'));
    expect(record?.keys).toEqual({ messagesTimeout: 30 });
    expect(JSON.stringify(record)).not.toContain(password);
    expect(record?.sealedSecrets.appPassword).toMatch(/^sealed1\./);

    // The dialog sends back what it got: the mask keeps the password; other keys change.
    const again = expectStatus(
      await admin('PUT', keysOf('teams'), { ...saved, messagesTimeout: 10 }),
      200,
    ).json();
    expect(again).toMatchObject({ appPassword: `${SECRET_MASK}6789`, messagesTimeout: 10 });
    // An empty secret clears it.
    const cleared = expectStatus(await admin('PUT', keysOf('teams'), { appPassword: '' }), 200).json();
    expect(cleared).toMatchObject({ appPassword: '', messagesTimeout: 10 });
  });

  test('keys inside a list take the spec shape (Facebook pages[0])', async () => {
    const saved = expectStatus(
      await admin('PUT', keysOf('facebook'), { appId: '1234', pages: [{ id: '998877' }] }),
      200,
    ).json();
    expect(saved).toMatchObject({ appId: '1234', pages: [{ id: '998877', accessToken: '' }] });
    expect(saved).toHaveProperty('callbackUrl');
    expect(saved).toHaveProperty('verifyToken');
  });

  test('bad values get the field’s own message and change nothing', async () => {
    expectStatus(await admin('PUT', keysOf('teams'), { messagesTimeout: 10 }), 200);
    const bad = async (platform: string, body: unknown, message: string | RegExp) => {
      const response = expectStatus(await admin('PUT', keysOf(platform), body), 400);
      expect(response.json().message).toMatch(message);
    };
    await bad('teams', { messagesTimeout: -1 }, /Conversation timeout \(minutes\) must be between 0/);
    await bad('teams', { messagesTimeout: 'ten' }, 'Conversation timeout (minutes) must be a number.');
    await bad('twilio', { speechTimeout: 61 }, 'Speech timeout (seconds) must be between 0 and 60.');
    await bad('twilio', { accountSid: 'AC-nope' }, 'An Account SID is AC and 32 hexadecimal digits.');
    await bad('twilio', { smsNumber: '0800 123' }, 'A phone number is + and its digits (E.164).');
    await bad(
      'twilio',
      { optionsGatherType: 'telepathy' },
      'Options gather type must be one of the listed values.',
    );
    await bad('amazon', { skillId: 'my-skill' }, 'A skill ID starts with amzn1.ask.skill.');
    await bad('telegram', { accessToken: 'x'.repeat(201) }, 'Access token holds at most 200 characters.');
    await bad('telegram', [1, 2], 'The keys must be a JSON object.');
    expect(expectStatus(await admin('GET', keysOf('teams')), 200).json().messagesTimeout).toBe(10);
    // The mail channel's keys change by connect and disconnect only.
    expectStatus(await admin('PUT', keysOf('mail-channel'), { emailAddress: 'a@b.c' }), 404);
  });

  test('only ManageChannels opens the keys, and only of the caller’s tenant', async () => {
    expectStatus(await admin('PUT', keysOf('teams'), { messagesTimeout: 10 }), 200);
    for (const method of ['GET', 'PUT'] as const) {
      const response = await server.request({
        method,
        url: keysOf('telegram'),
        token: plainUserToken,
        body: {},
      });
      expect(response.statusCode).toBe(403);
    }
    const other = await buildOwnAdminWorld(server, base, uniqueKey());
    const stranger = as(server, other.tenantAdmin);
    expectStatus(await stranger('GET', keysOf('teams')), 404);
    expectStatus(await stranger('PUT', keysOf('teams'), { messagesTimeout: 1 }), 404);
    expect(expectStatus(await admin('GET', keysOf('teams')), 200).json().messagesTimeout).toBe(10);
  });

  test('hostile input to the keys calls gets a 4xx, never a 500', async () => {
    const log = createFuzzLog();
    const adminSend = fuzzSender(server, adminToken, log);
    for (const declaration of Object.values(CHANNEL_KEYS)) {
      if (!declaration.isWritable) continue;
      const sample = Object.fromEntries(Object.keys(declaration.fields).map((name) => [name, 'x']));
      for (const body of hostileBodies(sample, HOSTILE_VALUES))
        await adminSend('PUT', keysOf(declaration.path), body);
      for (const raw of HOSTILE_RAW_BODIES)
        await adminSend('PUT', keysOf(declaration.path), raw, { 'content-type': 'application/json' });
      await adminSend('GET', keysOf(declaration.path, '__proto__'));
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });
});
