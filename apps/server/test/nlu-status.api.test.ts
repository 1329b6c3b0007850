import {
  NLU_STATUS_MESSAGES as M,
  type NluProvidersView,
  type NluStatusView,
  Permission,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { type Call, expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  isPublished,
  markPublished,
  refusal,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  sendJsonBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Status Bot';
const base = (bot = BOT) => `/api/bots/${encodeURIComponent(bot)}`;
const statusPath = (provider: string, bot = BOT) => `${base(bot)}/nlu-status/${encodeURIComponent(provider)}`;
const resourcePath = (provider: string, bot = BOT) =>
  `${base(bot)}/nlu-resource/${encodeURIComponent(provider)}`;
const nluPath = (provider: string, bot = BOT) => `${base(bot)}/nlu/${encodeURIComponent(provider)}`;

const status = async (call: Call, provider = 'parley') =>
  expectStatus(await call('GET', statusPath(provider)), 200).json() as NluStatusView;
const providers = async (call: Call) =>
  expectStatus(await call('GET', `${base()}/nlu-providers`), 200).json() as NluProvidersView;

describe.each(testDatabases())('the NLU status of a bot on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
  });
  afterAll(() => server?.close());

  test('a new bot on the embedded engine: parley is its primary provider', async () => {
    const view = await providers(w.admin);
    expect(view.primary).toBe('parley');
    const parley = await status(w.admin);
    expect(parley.provider).toBe('parley');
    expect(parley.isConfigured).toBe(parley.hasResource && parley.hasNlu);
    expect(view.configured).toEqual(parley.isConfigured ? ['parley'] : []);
  });

  test('remove: neither resource nor NLU is left, the provider is no longer configured, the bot unpublished', async () => {
    await w.admin('POST', resourcePath('parley'));
    await w.admin('POST', nluPath('parley'));
    await markPublished(server, w.world, BOT);
    const removed = expectStatus(await w.admin('DELETE', nluPath('parley')), 200).json() as NluStatusView;
    expect(removed).toEqual({ provider: 'parley', hasResource: false, hasNlu: false, isConfigured: false });
    expect(await status(w.admin)).toEqual(removed);
    expect(await providers(w.admin)).toEqual({ primary: 'parley', configured: [] });
    expect(await isPublished(w.admin, BOT)).toBe(false);
    // Removing what is not there changes nothing.
    await markPublished(server, w.world, BOT);
    expect(expectStatus(await w.admin('DELETE', nluPath('parley')), 200).json()).toEqual(removed);
    expect(await isPublished(w.admin, BOT)).toBe(true);
  });

  test('the NLU cannot be created before its resource', async () => {
    expect(refusal(await w.admin('POST', nluPath('parley')))).toEqual([
      'provider',
      M.resourceFirst('Parley NLU'),
    ]);
    expect((await status(w.admin)).hasNlu).toBe(false);
  });

  test('configure: the resource, then the NLU (which has no model yet: the bot is unpublished)', async () => {
    const withResource = expectStatus(await w.admin('POST', resourcePath('parley')), 200).json();
    expect(withResource).toEqual({
      provider: 'parley',
      hasResource: true,
      hasNlu: false,
      isConfigured: false,
    });
    expect(await status(w.admin)).toEqual(withResource);
    expect(await providers(w.admin)).toEqual({ primary: 'parley', configured: [] });

    expect(await isPublished(w.admin, BOT)).toBe(true);
    const configured = expectStatus(await w.admin('POST', nluPath('parley')), 200).json();
    expect(configured).toEqual({ provider: 'parley', hasResource: true, hasNlu: true, isConfigured: true });
    expect(await status(w.admin)).toEqual(configured);
    expect(await providers(w.admin)).toEqual({ primary: 'parley', configured: ['parley'] });
    expect(await isPublished(w.admin, BOT)).toBe(false);
  });

  test('creating what exists already is harmless', async () => {
    await markPublished(server, w.world, BOT);
    for (const path of [resourcePath('parley'), nluPath('parley')])
      expect(expectStatus(await w.admin('POST', path), 200).json()).toMatchObject({ isConfigured: true });
    expect(await isPublished(w.admin, BOT)).toBe(true);
  });

  test('a provider outside the catalogue, one Parley cannot configure, one not built yet: 400 naming it', async () => {
    for (const [method, path] of [
      ['GET', statusPath('acme')],
      ['POST', resourcePath('acme')],
      ['POST', nluPath('acme')],
      ['DELETE', nluPath('acme')],
    ] as const)
      expect(refusal(await w.admin(method, path))).toEqual(['provider', M.unknownProvider('acme')]);
    // An entity extractor only is no intent recognizer.
    expect(refusal(await w.admin('GET', statusPath('stanford')))).toEqual([
      'provider',
      M.unknownProvider('stanford'),
    ]);
    expect(refusal(await w.admin('POST', resourcePath('nuance')))).toEqual([
      'provider',
      M.notConfigurable('Nuance NLU'),
    ]);
    expect(refusal(await w.admin('POST', resourcePath('luis')))).toEqual([
      'provider',
      M.notConfigurable('Microsoft LUIS'),
    ]);
    expect(refusal(await w.admin('POST', nluPath('watson')))).toEqual([
      'provider',
      M.notYet('IBM Watson Assistant'),
    ]);
  });

  test('an unknown bot is 404', async () => {
    expect((await w.admin('GET', statusPath('parley', 'No Such Bot'))).statusCode).toBe(404);
    expect((await w.admin('GET', `${base('No Such Bot')}/nlu-providers`)).statusCode).toBe(404);
  });

  test('configure and remove need Manage engines (21); reading needs a role on the bot', async () => {
    for (const [method, path] of [
      ['POST', resourcePath('parley')],
      ['POST', nluPath('parley')],
      ['DELETE', nluPath('parley')],
    ] as const) {
      const response = expectStatus(await w.designer(method, path), 403);
      expect(response.json()).toMatchObject({
        code: 'permission_error',
        requiredPermission: Permission.ManageEngines,
      });
    }
    // The designer's refusals changed nothing.
    expect((await status(w.designer)).isConfigured).toBe(true);
    expect((await providers(w.designer)).configured).toEqual(['parley']);
    expectStatus(await w.stranger('GET', statusPath('parley')), 403);
    expectStatus(await w.stranger('GET', `${base()}/nlu-providers`), 403);
  });

  test('hostile providers, bot names and bodies: never a 5xx, always a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter((r) =>
      /^\/api\/bots\/:bot\/(nlu-status|nlu-resource|nlu|nlu-providers)(\/|$)/.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/bots/:bot/nlu/:provider',
        'GET /api/bots/:bot/nlu-providers',
        'GET /api/bots/:bot/nlu-status/:provider',
        'POST /api/bots/:bot/nlu-resource/:provider',
        'POST /api/bots/:bot/nlu/:provider',
      ]),
    );
    const names = [...HOSTILE_PARAMS, 'toString', 'PARLEY', ' parley', 'parley%20', 'none', 'null'];
    const token = w.world.tenantAdmin.token;
    const log = createFuzzLog();
    for (const route of routes.filter((r) => r.method !== 'HEAD')) {
      const urls = names.flatMap((name) => [
        fillPath(route.url, { bot: BOT, provider: name }),
        fillPath(route.url, { bot: name, provider: 'parley' }),
      ]);
      for (const url of urls.map((u) => u.replace(/%25/g, '%'))) {
        const response = await server.request({ method: route.method as 'GET', url, token });
        log.check(`${route.method} ${url.slice(0, 100)}`, response.statusCode, response.body);
      }
      // These calls take no body: whatever is sent must not matter.
      if (route.method !== 'GET')
        await sendJsonBodies(
          server,
          { method: route.method, url: fillPath(route.url, { bot: BOT, provider: 'parley' }), token },
          { values: HOSTILE_VALUES, raw: HOSTILE_RAW_BODIES },
          log,
        );
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(200);
    // After the barrage the provider answers a well-formed status and can be configured again.
    expect(Object.keys(await status(w.admin)).sort()).toEqual([
      'hasNlu',
      'hasResource',
      'isConfigured',
      'provider',
    ]);
    await w.admin('POST', resourcePath('parley'));
    expect(expectStatus(await w.admin('POST', nluPath('parley')), 200).json()).toMatchObject({
      isConfigured: true,
    });
  });
});
