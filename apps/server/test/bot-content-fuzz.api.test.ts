import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  listIntents,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
  sendBrokenMultiparts,
  sendJsonBodies,
} from './support/fuzz';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The intents and entities area: every route of it, including those added later. */
const CONTENT_AREA = /^\/api\/(:bot\/(intents|entities)|examples|intents|entities)(\/|$)/;

/** The shared hostile values, and what bites intents and entities: brackets, regexes, long lists. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '[Color:from] [[[[',
  '(a+)+$',
  ['(a+)+$', '(.*a){20}'],
  [{ canonicalForm: null, list: 'x' }],
  [{ name: '__proto__' }],
  Array.from({ length: 6000 }, (_, i) => `v${i}`),
];

/** A well-formed body per route, so each field's mutation reaches past the first check. */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/:bot/intents': {
    name: 'Fuzzed',
    utterances: ['one two', 'three four'],
    type: 'normal',
    answer: '',
    isRedirect: false,
  },
  'PUT /api/:bot/intents/change-name': { name: 'Target', newName: 'Target2' },
  'POST /api/:bot/intents/update-description': { intentName: 'Target', description: 'd' },
  'PATCH /api/:bot/intents/:intent': { answer: 'An answer' },
  'POST /api/:bot/intents/:intent/examples': { text: 'a new example' },
  'PUT /api/:bot/intents/:intent/examples': { example: { text: 'changed', ids: { internal: 'x' } } },
  'POST /api/examples/is-pattern': { example: '[Color] x', entities: [{ name: 'Color', roles: ['from'] }] },
  'POST /api/:bot/entities': {
    name: 'Fuzzy',
    type: 'closedlists',
    sublists: [{ canonicalForm: 'a1', list: ['b1'] }],
    roles: ['r1'],
  },
  'PUT /api/:bot/entities': {
    name: 'Color',
    sublists: [{ canonicalForm: 'red', list: ['crimson'] }],
    roles: ['from'],
  },
  'PUT /api/:bot/entities/change-name': { name: 'Color', newName: 'Colour' },
  'POST /api/:bot/entities/update-description': { name: 'Color', description: 'd' },
};

const PARAMS = [...HOSTILE_PARAMS, 'None', '[Color]'];

const HOSTILE_UPLOADS: Array<Buffer | string> = [
  '',
  'null',
  '{"format":"parley-intent","version":1,"intent":null}',
  '{"format":"parley-intent","version":1.5,"intent":{"name":"A1"}}',
  '{"format":"parley-entity","version":1,"entity":{"name":"__proto__","type":"entities","examples":["x1"]}}',
  '{"format":"parley-intent","version":1,"intent":{"name":"A1","utterances":["a1","b2"]},"entities":[{"name":"E1","type":"regexentities","regexes":["(a+)+$"],"examples":["aaaa"]},{"name":"E1","type":"entities","examples":["z"]}]}',
  Buffer.from('PK\u0003\u0004 not really a zip'),
  Buffer.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]),
  Buffer.alloc(4096, 0xff),
];

describe.each(testDatabases())('hostile input to the intents and entities API on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Fuzz Bot');
    await createEntity(w.admin, 'Fuzz Bot', {
      name: 'Color',
      type: 'closedlists',
      sublists: [{ canonicalForm: 'red', list: ['crimson'] }],
      roles: ['from'],
    });
    await createIntent(w.admin, 'Fuzz Bot', {
      name: 'Target',
      utterances: ['a [Color:from] one', 'plain two'],
    });
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && CONTENT_AREA.test(r.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const log = createFuzzLog();
    const params = { bot: 'Fuzz Bot', intent: 'Target', name: 'Color', id: 'x' };
    for (const route of routes) {
      const isUpload =
        route.url.endsWith('/import') ||
        route.url.endsWith('/staging') ||
        route.url.includes('batch') ||
        route.url.endsWith('import-faq');
      const urls = [
        ...PARAMS.map((p) => fillPath(route.url, { bot: p, intent: p, name: p, id: p })),
        ...PARAMS.map((p) => fillPath(route.url, { ...params, intent: p, name: p, id: p })),
      ].map((u) => u.replace(/%25/g, '%'));
      const url = fillPath(route.url, params);
      for (const other of [...new Set(urls)]) {
        const response = await server.request({
          method: route.method as 'POST',
          url: other,
          token: w.world.tenantAdmin.token,
          body: {},
        });
        log.check(`${route.method} ${other}`, response.statusCode, response.body);
      }
      if (isUpload) {
        for (const upload of HOSTILE_UPLOADS) {
          for (const field of ['intent-file', 'entity-file', 'intents-file', 'faq-file']) {
            const response = await w.upload('admin', url, field, 'x.xlsx', upload);
            log.check(`${route.method} ${url} upload ${field}`, response.statusCode, response.body);
          }
        }
        await sendBrokenMultiparts(
          server,
          { url, token: w.world.tenantAdmin.token, field: 'intent-file' },
          log,
        );
        continue;
      }
      const base = BASE_BODIES[`${route.method} ${route.url}`] ?? {};
      await sendJsonBodies(
        server,
        { method: route.method, url, token: w.world.tenantAdmin.token },
        { values: hostileBodies(base, VALUES), raw: HOSTILE_RAW_BODIES },
        log,
      );
    }
    expect(log.sent).toBeGreaterThan(1200);
    expect(log.failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The bot still answers its content.
    expect((await listIntents(w.admin, 'Fuzz Bot')).length).toBeGreaterThan(0);
    expectStatus(await w.admin('GET', '/api/Fuzz%20Bot/entities'), 200);
  });
});
