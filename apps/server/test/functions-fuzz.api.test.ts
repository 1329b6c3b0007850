import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld } from './support/bot-content';
import { testDatabases } from './support/databases';
import { createFunction, listFunctions } from './support/functions';
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

/** The functions area: every route of it, including those added later. */
const FUNCTIONS_AREA = /^\/api\/(bots\/:bot\/functions|bots\/functions|functions)(\/|$)/;

/** The shared hostile values, and what bites functions: templates, nested functions, huge lists. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  '{{city}}',
  'flow',
  'llm',
  [{ name: '__proto__', defaultValue: 'p' }],
  [{ key: 'a', value: 'b' }, { key: 7 }],
  [{ variableName: 'x', propertyPath: 'a[' }],
  Array.from({ length: 3000 }, (_, i) => ({ name: `v${i}` })),
  { type: 'code', name: 'Nested', code: 'while(true){}' },
  { type: 'rest', name: 'Nested', url: 'http://127.0.0.1:1/' },
];

const RAW_BODIES = [
  ...HOSTILE_RAW_BODIES,
  '{"type":"code","name":"Proto","inputs":[{"name":"__proto__","defaultValue":"1"}],"__proto__":{"isGlobal":true}}',
  '{"flowFunction":{"type":"sendEvent","name":"Proto"},"inputValues":{"__proto__":{"polluted":true}}}',
];

/** A well-formed body per route, so each field's mutation reaches past the first check. */
const BASE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/bots/:bot/functions': {
    type: 'rest',
    name: 'Fuzzed',
    url: 'https://example.com/{{x}}',
    method: 'post',
    bodyType: 'raw',
    headers: [{ key: 'A', value: 'b' }],
    formData: [],
    inputs: [{ name: 'x', defaultValue: '1' }],
    outputs: [{ variableName: 'y', propertyPath: 'data.y' }],
    isGlobal: false,
  },
  'PUT /api/bots/:bot/functions/:name': {
    type: 'code',
    name: 'Target',
    code: 'return 1;',
    inputs: [{ name: 'x', defaultValue: '1' }],
    isGlobal: false,
  },
  'PUT /api/bots/:bot/functions/name': { name: 'Target', newName: 'Target 2' },
  'POST /api/bots/:bot/functions/update-description': { name: 'Target', description: 'd' },
  'POST /api/bots/:bot/functions/:name/output': {
    flowFunction: { type: 'sendEvent', name: 'Target', event: '{{x}}' },
    inputValues: { x: 'y' },
  },
};

const PARAMS = [...HOSTILE_PARAMS, 'name', 'function-usages'];

const HOSTILE_UPLOADS: Array<Buffer | string> = [
  '',
  'null',
  '{"format":"parley-function","version":1,"function":null}',
  '{"format":"parley-function","version":1.5,"function":{"type":"sendEvent","name":"A1"}}',
  '{"format":"parley-function","version":1,"function":{"type":"code","name":"__proto__","code":"while(true){}"}}',
  '{"format":"parley-function","version":1,"function":{"type":"flow","name":"Sub","inputs":[{"name":"a"},{"name":"a"}]}}',
  '{"format":"parley-function","version":1,"function":{"type":"rest","name":"R1","url":"x","headers":"nope"}}',
  Buffer.from('PK\u0003\u0004 not really a zip'),
  Buffer.alloc(4096, 0xff),
];

describe.each(testDatabases())('hostile input to the functions API on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  const bot = 'Fuzz Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, bot);
    await createFunction(w.admin, bot, {
      type: 'code',
      name: 'Target',
      code: 'return 1;',
      inputs: [{ name: 'x' }],
    });
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => FUNCTIONS_AREA.test(r.url) && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const log = createFuzzLog();
    const params = { bot, name: 'Target', isGlobal: 'false' };
    for (const route of routes) {
      const urls = [
        ...PARAMS.map((p) => fillPath(route.url, { bot: p, name: p, isGlobal: p })),
        ...PARAMS.map((p) => fillPath(route.url, { ...params, name: p, isGlobal: p })),
      ].map((u) => u.replace(/%25/g, '%'));
      for (const url of [...new Set(urls)]) {
        const response = await server.request({
          method: route.method as 'POST',
          url,
          token: w.world.tenantAdmin.token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        log.check(`${route.method} ${url}`, response.statusCode, response.body);
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const url = fillPath(route.url, params);
      if (route.url.includes('/import')) {
        for (const upload of HOSTILE_UPLOADS) {
          for (const field of ['function-file', 'entity-file']) {
            const response = await w.upload('admin', url, field, 'x.enc', upload);
            log.check(`${route.method} ${url} upload ${field}`, response.statusCode, response.body);
          }
        }
        await sendBrokenMultiparts(
          server,
          { url, token: w.world.tenantAdmin.token, field: 'function-file' },
          log,
        );
        continue;
      }
      const base = BASE_BODIES[`${route.method} ${route.url}`] ?? {};
      await sendJsonBodies(
        server,
        { method: route.method, url, token: w.world.tenantAdmin.token },
        { values: hostileBodies(base, VALUES), raw: RAW_BODIES },
        log,
      );
    }
    expect(log.sent).toBeGreaterThan(800);
    expect(log.failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The bot still answers its functions, and the server its health check.
    expect((await listFunctions(w.admin, bot)).length).toBeGreaterThan(0);
    expectStatus(await server.request({ method: 'GET', url: '/healthz' }), 200);
  });
});
