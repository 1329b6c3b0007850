import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
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
import { objectBody, putObject, putVariables, readAll } from './support/variables';

/** The variables and objects area: every route of it, including those added later. */
const VARIABLES_AREA = /^\/api\/:bot\/(variables|objects|statistics\/variables)(\/|$)/;

/** The shared hostile values, and what bites variables and objects: templates, keys, maps. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '{{city}}',
  [{ key: '__proto__', value: 'p' }],
  [{ key: 'a', value: 'b', isGlobal: 'yes' }],
  Array.from({ length: 3000 }, (_, i) => ({ key: `v${i}`, value: 'x' })),
  { variables: { __proto__x: { value: 1 } } },
  { variables: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, { value: 'v' }])) },
  { variables: { a: null, b: [], c: { key: null, value: null, isSystem: 'x' } } },
];

const RAW_BODIES = [
  ...HOSTILE_RAW_BODIES,
  '{"variables":[{"key":"__proto__","value":"x","__proto__":{"isGlobal":true}}]}',
  '{"name":"o","properties":{"variables":{"__proto__":{"value":"x","isSystem":true}}}}',
  '{"name":"o","properties":{"__proto__":{"variables":{"a":{"value":"b"}}}}}',
];

/** A well-formed body per route, so each field's mutation reaches past the first check. */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  'PUT /api/:bot/variables': { variables: [{ key: 'city', value: 'Berlin' }] },
  'PUT /api/:bot/objects': objectBody('order', { id: '1' }),
};

const PARAMS = [...HOSTILE_PARAMS, 'null', '%7B%7Bcity%7D%7D'];

describe.each(testDatabases())('hostile input to the variables and objects API on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const botName = 'Fuzz Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, botName);
    expectStatus(await putVariables(w.admin, botName, [{ key: 'city', value: 'Berlin' }]), 200);
    expectStatus(await putObject(w.admin, botName, objectBody('order', { id: '1' })), 200);
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && VARIABLES_AREA.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/:bot/objects/:name/:isGlobal',
        'DELETE /api/:bot/variables/:name/:isGlobal',
        'GET /api/:bot/statistics/variables',
        'GET /api/:bot/variables/all',
        'PUT /api/:bot/objects',
        'PUT /api/:bot/variables',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);

    for (const route of routes) {
      const params = { bot: botName, name: 'city', isGlobal: 'false' };
      for (const p of PARAMS) {
        for (const url of [
          fillPath(route.url, { bot: p, name: p, isGlobal: p }),
          fillPath(route.url, { ...params, name: p }),
          fillPath(route.url, { ...params, isGlobal: p }),
        ])
          await send(route.method, url.replace(/%25/g, '%'), route.method === 'PUT' ? {} : undefined);
      }
      if (route.method !== 'PUT') continue;
      const url = fillPath(route.url, params);
      for (const body of hostileBodies(BASE_BODIES[`${route.method} ${route.url}`] ?? {}, VALUES))
        await send(route.method, url, body);
      for (const raw of RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
      await send(route.method, url, 'city=Berlin', { 'content-type': 'application/x-www-form-urlencoded' });
    }

    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(300);
    // Nothing leaked into the prototype of plain objects.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isGlobal).toBeUndefined();
  });

  test('after the barrage the bot still answers with well-formed data', async () => {
    const all = await readAll(w.admin, botName);
    expect(typeof all.variables).toBe('object');
    for (const [name, value] of Object.entries(all.variables)) {
      expect(typeof value).toBe('string');
      expect(typeof all.isGlobalVariable[name]).toBe('boolean');
    }
    for (const object of Object.values(all.objects)) {
      expect(Object.keys(object.variables).length).toBeGreaterThan(0);
    }
  });
});
