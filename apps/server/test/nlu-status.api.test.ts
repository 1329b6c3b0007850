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
import { ownContentBot } from './support/own-content-bot';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Status Bot';
const base = (bot = BOT) => `/api/bots/${encodeURIComponent(bot)}`;
const statusPath = (provider: string, bot = BOT) => `${base(bot)}/nlu-status/${encodeURIComponent(provider)}`;
const resourcePath = (provider: string, bot = BOT) =>
  `${base(bot)}/nlu-resource/${encodeURIComponent(provider)}`;
const nluPath = (provider: string, bot = BOT) => `${base(bot)}/nlu/${encodeURIComponent(provider)}`;

const status = async (call: Call, bot: string, provider = 'parley') =>
  expectStatus(await call('GET', statusPath(provider, bot)), 200).json() as NluStatusView;
const providers = async (call: Call, bot: string) =>
  expectStatus(await call('GET', `${base(bot)}/nlu-providers`), 200).json() as NluProvidersView;

describe.each(testDatabases())('the NLU status of a bot on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
  });
  afterAll(() => server?.close());

  /** A bot of the test's own in tenant B, Pat its Designer. */
  const ownBot = () => ownContentBot(w, BOT);
  /** A bot of the test's own with neither NLU resource nor NLU, published. */
  async function unconfiguredBot(): Promise<string> {
    const bot = await ownBot();
    expectStatus(await w.admin('DELETE', nluPath('parley', bot)), 200);
    await markPublished(server, w.world, bot);
    return bot;
  }
  /** A bot of the test's own with the Parley resource and NLU, published. */
  async function configuredBot(): Promise<string> {
    const bot = await ownBot();
    expectStatus(await w.admin('POST', resourcePath('parley', bot)), 200);
    expectStatus(await w.admin('POST', nluPath('parley', bot)), 200);
    await markPublished(server, w.world, bot);
    return bot;
  }

  test('a new bot on the embedded engine: parley is its primary provider', async () => {
    const bot = await ownBot();
    const view = await providers(w.admin, bot);
    expect(view.primary).toBe('parley');
    const parley = await status(w.admin, bot);
    expect(parley.provider).toBe('parley');
    expect(parley.isConfigured).toBe(parley.hasResource && parley.hasNlu);
    expect(view.configured).toEqual(parley.isConfigured ? ['parley'] : []);
  });

  test('remove: neither resource nor NLU is left, the provider is no longer configured, the bot unpublished', async () => {
    const bot = await ownBot();
    await w.admin('POST', resourcePath('parley', bot));
    await w.admin('POST', nluPath('parley', bot));
    await markPublished(server, w.world, bot);
    const removed = expectStatus(
      await w.admin('DELETE', nluPath('parley', bot)),
      200,
    ).json() as NluStatusView;
    expect(removed).toEqual({ provider: 'parley', hasResource: false, hasNlu: false, isConfigured: false });
    expect(await status(w.admin, bot)).toEqual(removed);
    expect(await providers(w.admin, bot)).toEqual({ primary: 'parley', configured: [] });
    expect(await isPublished(w.admin, bot)).toBe(false);
    // Removing what is not there changes nothing.
    await markPublished(server, w.world, bot);
    expect(expectStatus(await w.admin('DELETE', nluPath('parley', bot)), 200).json()).toEqual(removed);
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('the NLU cannot be created before its resource', async () => {
    const bot = await unconfiguredBot();
    expect(refusal(await w.admin('POST', nluPath('parley', bot)))).toEqual([
      'provider',
      M.resourceFirst('Parley NLU'),
    ]);
    expect((await status(w.admin, bot)).hasNlu).toBe(false);
  });

  test('configure: the resource, then the NLU (which has no model yet: the bot is unpublished)', async () => {
    const bot = await unconfiguredBot();
    const withResource = expectStatus(await w.admin('POST', resourcePath('parley', bot)), 200).json();
    expect(withResource).toEqual({
      provider: 'parley',
      hasResource: true,
      hasNlu: false,
      isConfigured: false,
    });
    expect(await status(w.admin, bot)).toEqual(withResource);
    expect(await providers(w.admin, bot)).toEqual({ primary: 'parley', configured: [] });

    expect(await isPublished(w.admin, bot)).toBe(true);
    const configured = expectStatus(await w.admin('POST', nluPath('parley', bot)), 200).json();
    expect(configured).toEqual({ provider: 'parley', hasResource: true, hasNlu: true, isConfigured: true });
    expect(await status(w.admin, bot)).toEqual(configured);
    expect(await providers(w.admin, bot)).toEqual({ primary: 'parley', configured: ['parley'] });
    expect(await isPublished(w.admin, bot)).toBe(false);
  });

  test('creating what exists already is harmless', async () => {
    const bot = await configuredBot();
    await markPublished(server, w.world, bot);
    for (const path of [resourcePath('parley', bot), nluPath('parley', bot)])
      expect(expectStatus(await w.admin('POST', path), 200).json()).toMatchObject({ isConfigured: true });
    expect(await isPublished(w.admin, bot)).toBe(true);
  });

  test('a provider outside the catalogue, one Parley cannot configure, one not built yet: 400 naming it', async () => {
    const bot = await ownBot();
    for (const [method, path] of [
      ['GET', statusPath('acme', bot)],
      ['POST', resourcePath('acme', bot)],
      ['POST', nluPath('acme', bot)],
      ['DELETE', nluPath('acme', bot)],
    ] as const)
      expect(refusal(await w.admin(method, path))).toEqual(['provider', M.unknownProvider('acme')]);
    // An entity extractor only is no intent recognizer.
    expect(refusal(await w.admin('GET', statusPath('stanford', bot)))).toEqual([
      'provider',
      M.unknownProvider('stanford'),
    ]);
    expect(refusal(await w.admin('POST', resourcePath('nuance', bot)))).toEqual([
      'provider',
      M.notConfigurable('Nuance NLU'),
    ]);
    expect(refusal(await w.admin('POST', resourcePath('luis', bot)))).toEqual([
      'provider',
      M.notConfigurable('Microsoft LUIS'),
    ]);
    expect(refusal(await w.admin('POST', nluPath('watson', bot)))).toEqual([
      'provider',
      M.notYet('IBM Watson Assistant'),
    ]);
  });

  test('an unknown bot is 404', async () => {
    expect((await w.admin('GET', statusPath('parley', 'No Such Bot'))).statusCode).toBe(404);
    expect((await w.admin('GET', `${base('No Such Bot')}/nlu-providers`)).statusCode).toBe(404);
  });

  test('configure and remove need Manage engines (21); reading needs a role on the bot', async () => {
    const bot = await configuredBot();
    for (const [method, path] of [
      ['POST', resourcePath('parley', bot)],
      ['POST', nluPath('parley', bot)],
      ['DELETE', nluPath('parley', bot)],
    ] as const) {
      const response = expectStatus(await w.designer(method, path), 403);
      expect(response.json()).toMatchObject({
        code: 'permission_error',
        requiredPermission: Permission.ManageEngines,
      });
    }
    // The designer's refusals changed nothing.
    expect((await status(w.designer, bot)).isConfigured).toBe(true);
    expect((await providers(w.designer, bot)).configured).toEqual(['parley']);
    expectStatus(await w.stranger('GET', statusPath('parley', bot)), 403);
    expectStatus(await w.stranger('GET', `${base(bot)}/nlu-providers`), 403);
  });

  test('hostile providers, bot names and bodies: never a 5xx, always a catalogue code', async () => {
    const bot = await ownBot();
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
        fillPath(route.url, { bot, provider: name }),
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
          { method: route.method, url: fillPath(route.url, { bot, provider: 'parley' }), token },
          { values: HOSTILE_VALUES, raw: HOSTILE_RAW_BODIES },
          log,
        );
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(200);
    // After the barrage the provider answers a well-formed status and can be configured again.
    expect(Object.keys(await status(w.admin, bot)).sort()).toEqual([
      'hasNlu',
      'hasResource',
      'isConfigured',
      'provider',
    ]);
    await w.admin('POST', resourcePath('parley', bot));
    expect(expectStatus(await w.admin('POST', nluPath('parley', bot)), 200).json()).toMatchObject({
      isConfigured: true,
    });
  });
});
