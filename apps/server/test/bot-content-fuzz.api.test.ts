import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import {
  buildContentWorld,
  type ContentWorld,
  createEntity,
  createIntent,
  listIntents,
  multipartBody,
} from './support/bot-content';
import { testDatabases } from './support/databases';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The intents and entities area: every route of it, including those added later. */
const CONTENT_AREA = /^\/api\/(:bot\/(intents|entities)|examples|intents|entities)(\/|$)/;

const HOSTILE_VALUES: unknown[] = [
  null,
  [],
  [[[]]],
  {},
  { a: { b: { c: {} } } },
  'x'.repeat(100_000),
  '',
  ' ',
  '\u0000\u0001',
  '𝕏😀\u202e\ufeff',
  '[Color:from] [[[[',
  '(a+)+$',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  -1,
  2 ** 53 + 1,
  1e308,
  true,
  ['(a+)+$', '(.*a){20}'],
  [{ canonicalForm: null, list: 'x' }],
  [{ name: '__proto__' }],
  Array.from({ length: 6000 }, (_, i) => `v${i}`),
];

const RAW_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'null',
  '[]',
  '"text"',
  '{"name":',
  '{}'.repeat(500),
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

function hostileBodies(base: Record<string, unknown>): unknown[] {
  const bodies: unknown[] = [...HOSTILE_VALUES, base];
  for (const field of Object.keys(base)) {
    for (const value of HOSTILE_VALUES) bodies.push({ ...base, [field]: value });
    const { [field]: _dropped, ...without } = base;
    bodies.push(without);
  }
  return bodies;
}

const HOSTILE_PARAMS = [
  '__proto__',
  'constructor',
  '..%2F..%2Fetc',
  '%00',
  '%F0%9F%98%80',
  'a'.repeat(300),
  'None',
  '[Color]',
];

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
    const failures: string[] = [];
    let sent = 0;
    const check = (label: string, status: number, body: string) => {
      sent++;
      if (status >= 500) failures.push(`${label} -> ${status} ${body.slice(0, 200)}`);
      else if (status >= 400 && typeof JSON.parse(body).code !== 'string')
        failures.push(`${label} -> ${status} no code`);
    };
    const params = { bot: 'Fuzz Bot', intent: 'Target', name: 'Color', id: 'x' };
    for (const route of routes) {
      const isUpload =
        route.url.endsWith('/import') ||
        route.url.endsWith('/staging') ||
        route.url.includes('batch') ||
        route.url.endsWith('import-faq');
      const urls = [
        ...HOSTILE_PARAMS.map((p) => fillPath(route.url, { bot: p, intent: p, name: p, id: p })),
        ...HOSTILE_PARAMS.map((p) => fillPath(route.url, { ...params, intent: p, name: p, id: p })),
      ].map((u) => u.replace(/%25/g, '%'));
      const url = fillPath(route.url, params);
      for (const other of [...new Set(urls)]) {
        const response = await server.request({
          method: route.method as 'POST',
          url: other,
          token: w.world.tenantAdmin.token,
          body: {},
        });
        check(`${route.method} ${other}`, response.statusCode, response.body);
      }
      if (isUpload) {
        for (const upload of HOSTILE_UPLOADS) {
          for (const field of ['intent-file', 'entity-file', 'intents-file', 'faq-file']) {
            const response = await w.upload('admin', url, field, 'x.xlsx', upload);
            check(`${route.method} ${url} upload ${field}`, response.statusCode, response.body);
          }
        }
        const broken = await server.request({
          method: 'POST',
          url,
          token: w.world.tenantAdmin.token,
          body: '--nope\r\nContent-Disposition: form-data; name="intent-file"\r\n\r\nunterminated',
          headers: { 'content-type': 'multipart/form-data; boundary=nope' },
        });
        check(`${route.method} ${url} truncated multipart`, broken.statusCode, broken.body);
        const { payload } = multipartBody('intent-file', 'x.enc', '{}');
        const noBoundary = await server.request({
          method: 'POST',
          url,
          token: w.world.tenantAdmin.token,
          body: payload,
          headers: { 'content-type': 'multipart/form-data' },
        });
        check(`${route.method} ${url} multipart without boundary`, noBoundary.statusCode, noBoundary.body);
        continue;
      }
      const base = BASE_BODIES[`${route.method} ${route.url}`] ?? {};
      for (const body of hostileBodies(base)) {
        const response = await server.request({
          method: route.method as 'POST',
          url,
          token: w.world.tenantAdmin.token,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        check(
          `${route.method} ${url} ${JSON.stringify(body).slice(0, 100)}`,
          response.statusCode,
          response.body,
        );
      }
      for (const raw of RAW_BODIES) {
        const response = await server.request({
          method: route.method as 'POST',
          url,
          token: w.world.tenantAdmin.token,
          body: raw,
          headers: { 'content-type': 'application/json' },
        });
        check(`${route.method} ${url} ${raw.slice(0, 60)}`, response.statusCode, response.body);
      }
    }
    expect(sent).toBeGreaterThan(1200);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The bot still answers its content.
    expect((await listIntents(w.admin, 'Fuzz Bot')).length).toBeGreaterThan(0);
    expectStatus(await w.admin('GET', '/api/Fuzz%20Bot/entities'), 200);
  });
});
