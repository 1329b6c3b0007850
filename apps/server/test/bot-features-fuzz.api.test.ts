import {
  DEFAULT_GDPR_SETTINGS,
  DEFAULT_HANDOVER_SETTINGS,
  gdprSettingsOf,
  handoverSettingsOf,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { botPath } from './support/bots';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The Features tab's routes, including those added to it later. */
const FEATURES_AREA = /^\/api\/bots\/:bot\/(gdpr\/|handover\/|dashboard$|languages$|consent$)/;

/** The shared hostile values, and what bites these settings: regexes, times, widget lists. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '(a+)+$',
  '(?<=x)y',
  '\\',
  '[',
  'x{100000}',
  '25:99',
  '23:59:59',
  'Etc/../../passwd',
  Number.NaN,
  1e308,
  -0,
  [{ name: '__proto__', pattern: '.' }],
  [{ text: '__proto__', formula: 'constructor' }],
  Array.from({ length: 5000 }, (_, i) => ({ name: `n${i}`, pattern: 'a' })),
  Array.from({ length: 5000 }, () => 'en'),
];

const RAW_BODIES = [
  ...HOSTILE_RAW_BODIES,
  '{"maskingPatterns":[{"name":"a","pattern":"b","__proto__":{"polluted":true}}]}',
  '[{"text":"a","formula":"b","__proto__":{"polluted":true}}]',
  '{"supportedLanguages":["en"],"__proto__":{"polluted":true}}',
];

const BASE_BODIES: Record<string, unknown> = {
  'PUT /api/bots/:bot/gdpr/settings': { ...DEFAULT_GDPR_SETTINGS, askForConsent: true },
  'PUT /api/bots/:bot/handover/settings': { ...DEFAULT_HANDOVER_SETTINGS, isActive: true },
  'POST /api/bots/:bot/dashboard': {
    customWidget: [{ text: 'Rate', formula: 'a / b' }],
    design: { col1: [], col2: [] },
  },
  'PUT /api/bots/:bot/languages': { supportedLanguages: ['en', 'de'] },
};

describe.each(testDatabases())('hostile input to the Features tab API on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const botName = 'Features Fuzz Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter((r) => r.method !== 'HEAD' && FEATURES_AREA.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining([
        'GET /api/bots/:bot/consent',
        'GET /api/bots/:bot/dashboard',
        'GET /api/bots/:bot/gdpr/settings',
        'GET /api/bots/:bot/handover/settings',
        'POST /api/bots/:bot/dashboard',
        'PUT /api/bots/:bot/gdpr/settings',
        'PUT /api/bots/:bot/handover/settings',
        'PUT /api/bots/:bot/languages',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const route of routes) {
      const hasBody = route.method === 'PUT' || route.method === 'POST';
      for (const p of [...HOSTILE_PARAMS, 'null'])
        await send(
          route.method,
          fillPath(route.url, { bot: p }).replace(/%25/g, '%'),
          hasBody ? {} : undefined,
        );
      if (!hasBody) continue;
      const url = fillPath(route.url, { bot: botName });
      const base = BASE_BODIES[`${route.method} ${route.url}`];
      const bodies =
        typeof base === 'object' && base !== null
          ? hostileBodies(base as Record<string, unknown>, VALUES)
          : VALUES;
      for (const body of bodies) await send(route.method, url, body);
      // One level deeper: each field of a masking pattern, a widget, a design column.
      for (const value of VALUES) {
        await send(route.method, url, {
          ...DEFAULT_GDPR_SETTINGS,
          maskingPatterns: [{ name: 'x', pattern: value }],
        });
        await send(route.method, url, {
          ...DEFAULT_GDPR_SETTINGS,
          maskingPatterns: [{ name: value, pattern: 'x' }],
        });
        await send(route.method, url, [{ text: value, formula: 'a' }]);
        await send(route.method, url, { customWidget: [], design: { col1: [value], col2: value } });
        await send(route.method, url, { supportedLanguages: ['en', value] });
      }
      for (const raw of RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
      await send(route.method, url, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('after the barrage the settings still read back well-formed', async () => {
    const bot = (await server.ctx.repos.forTenant(w.world.tenantB).bots.get(botName))!;
    const gdpr = gdprSettingsOf(bot.settings);
    expect(Object.keys(gdpr).sort()).toEqual(Object.keys(DEFAULT_GDPR_SETTINGS).sort());
    for (const p of gdpr.maskingPatterns)
      expect(p).toEqual({ name: expect.any(String), pattern: expect.any(String) });
    expect(Object.keys(handoverSettingsOf(bot.settings)).sort()).toEqual(
      Object.keys(DEFAULT_HANDOVER_SETTINGS).sort(),
    );
    expect(expectStatus(await w.admin('GET', `${botPath(botName)}/gdpr/settings`), 200).json()).toEqual(gdpr);
    const dashboard = expectStatus(await w.admin('GET', `${botPath(botName)}/dashboard`), 200).json();
    for (const widget of dashboard.customWidget) {
      expect(widget.text.trim()).not.toBe('');
      expect(widget.formula.trim()).not.toBe('');
    }
    expect(bot.settings.supportedLanguages).toContain('en');
  });
});
