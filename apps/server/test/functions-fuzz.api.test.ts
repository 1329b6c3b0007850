import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, multipartBody } from './support/bot-content';
import { testDatabases } from './support/databases';
import { createFunction, listFunctions } from './support/functions';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The functions area: every route of it, including those added later. */
const FUNCTIONS_AREA = /^\/api\/(bots\/:bot\/functions|bots\/functions|functions)(\/|$)/;

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
  '{{city}}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  -1,
  2 ** 53 + 1,
  1e308,
  true,
  'true',
  'flow',
  'llm',
  [{ name: '__proto__', defaultValue: 'p' }],
  [{ key: 'a', value: 'b' }, { key: 7 }],
  [{ variableName: 'x', propertyPath: 'a[' }],
  Array.from({ length: 3000 }, (_, i) => ({ name: `v${i}` })),
  { type: 'code', name: 'Nested', code: 'while(true){}' },
  { type: 'rest', name: 'Nested', url: 'http://127.0.0.1:1/' },
  { __proto__x: 1, a: { nested: true } },
];

const RAW_BODIES = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"type":"code","name":"Proto","inputs":[{"name":"__proto__","defaultValue":"1"}],"__proto__":{"isGlobal":true}}',
  '{"flowFunction":{"type":"sendEvent","name":"Proto"},"inputValues":{"__proto__":{"polluted":true}}}',
  'null',
  '[]',
  '"text"',
  '{"name":',
  '{}'.repeat(500),
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

const HOSTILE_PARAMS = [
  '__proto__',
  'constructor',
  '..%2F..%2Fetc',
  '%00',
  '%F0%9F%98%80',
  'a'.repeat(300),
  'name',
  'function-usages',
  'true',
];

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

/** Whether an error answer is `{code, ...}` JSON. */
function hasCode(body: string): boolean {
  try {
    return typeof JSON.parse(body).code === 'string';
  } catch {
    return false;
  }
}

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
    const failures: string[] = [];
    let sent = 0;
    const check = (label: string, status: number, body: string) => {
      sent++;
      if (status >= 500) failures.push(`${label} -> ${status} ${body.slice(0, 200)}`);
      else if (status >= 400 && !hasCode(body)) failures.push(`${label} -> ${status} no code`);
    };
    const params = { bot, name: 'Target', isGlobal: 'false' };
    for (const route of routes) {
      const urls = [
        ...HOSTILE_PARAMS.map((p) => fillPath(route.url, { bot: p, name: p, isGlobal: p })),
        ...HOSTILE_PARAMS.map((p) => fillPath(route.url, { ...params, name: p, isGlobal: p })),
      ].map((u) => u.replace(/%25/g, '%'));
      for (const url of [...new Set(urls)]) {
        const response = await server.request({
          method: route.method as 'POST',
          url,
          token: w.world.tenantAdmin.token,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        check(`${route.method} ${url}`, response.statusCode, response.body);
      }
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      const url = fillPath(route.url, params);
      if (route.url.includes('/import')) {
        for (const upload of HOSTILE_UPLOADS) {
          for (const field of ['function-file', 'entity-file']) {
            const response = await w.upload('admin', url, field, 'x.enc', upload);
            check(`${route.method} ${url} upload ${field}`, response.statusCode, response.body);
          }
        }
        const broken = await server.request({
          method: 'POST',
          url,
          token: w.world.tenantAdmin.token,
          body: '--nope\r\nContent-Disposition: form-data; name="function-file"\r\n\r\nunterminated',
          headers: { 'content-type': 'multipart/form-data; boundary=nope' },
        });
        check(`${route.method} ${url} truncated multipart`, broken.statusCode, broken.body);
        const { payload } = multipartBody('function-file', 'x.enc', '{}');
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
      const bodies: unknown[] = [...HOSTILE_VALUES, base];
      for (const field of Object.keys(base)) {
        for (const value of HOSTILE_VALUES) bodies.push({ ...base, [field]: value });
        const { [field]: _dropped, ...without } = base;
        bodies.push(without);
      }
      for (const body of bodies) {
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
    expect(sent).toBeGreaterThan(800);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The bot still answers its functions, and the server its health check.
    expect((await listFunctions(w.admin, bot)).length).toBeGreaterThan(0);
    expectStatus(await server.request({ method: 'GET', url: '/healthz' }), 200);
  });
});
