import type { TenantLlmProviderView } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { type AdminWorld, as, buildAdminWorld, expectStatus } from './support/admin-world';
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

/** The LLM providers' routes, including any added later. */
const PROVIDERS_AREA = /^\/api\/(tenant\/llm-providers|llm\/providers)(\/|$)/;
const KEY = 'sk-fuzz-key-0001';

/** What bites credentials: URLs to elsewhere, header injection, long and odd keys. */
const VALUES: unknown[] = [
  ...HOSTILE_VALUES,
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  'http://[::1]:1/v1',
  'sk-x\r\nX-Injected: 1',
  'k'.repeat(4001),
];

describe.each(testDatabases())('hostile input to the LLM providers API on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let standIn: OpenAiProtocolServer;

  beforeAll(async () => {
    standIn = await startOpenAiProtocolServer({ apiKey: KEY });
    server = await startTestServer(kind, { FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true' });
    world = await buildAdminWorld(server);
    expectStatus(
      await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/openai-compatible', {
        fields: { baseUrl: standIn.url, apiKey: KEY },
      }),
      200,
    );
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  test('no route of the area ever answers 5xx, every refusal carries a catalogue code, and no key leaks', async () => {
    const routes = routeCatalogue(server.app).filter(
      (r) => r.method !== 'HEAD' && PROVIDERS_AREA.test(r.url),
    );
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/tenant/llm-providers',
        'PUT /api/tenant/llm-providers/:provider',
        'DELETE /api/tenant/llm-providers/:provider',
        'GET /api/llm/providers',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, world.tenantAdmin.token, log);
    const leaks: string[] = [];
    const sendChecked = async (
      method: string,
      url: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) => {
      const response = await send(method, url, body, headers);
      if (response.body.includes(KEY)) leaks.push(`${method} ${url}`);
      return response;
    };
    const base = { baseUrl: standIn.url, apiKey: KEY };
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS)
        await sendChecked(route.method, fillPath(route.url, { provider: p }).replace(/%25/g, '%'), {
          fields: base,
        });
      if (route.method !== 'PUT') continue;
      // Aimed at a provider other than the one whose stored key the last check asserts.
      const url = fillPath(route.url, { provider: 'openai' });
      for (const body of hostileBodies({ fields: base }, VALUES)) await sendChecked('PUT', url, body);
      for (const fields of hostileBodies(base, VALUES)) await sendChecked('PUT', url, { fields });
      for (const raw of [
        ...HOSTILE_RAW_BODIES,
        '{"fields":{"__proto__":"x","apiKey":"k"}}',
        '{"fields":{"constructor":"x"}}',
      ])
        await sendChecked('PUT', url, raw, { 'content-type': 'application/json' });
    }
    expect(log.failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(log.sent).toBeGreaterThan(150);
    // The stored credentials survived all of it.
    const providers = expectStatus(
      await as(server, world.tenantAdmin)('GET', '/api/tenant/llm-providers'),
      200,
    ).json() as TenantLlmProviderView[];
    expect(providers.find((p) => p.provider === 'openai-compatible')?.own?.fields).toEqual([
      { name: 'baseUrl', set: true, value: standIn.url },
      { name: 'apiKey', set: true, hint: '…0001' },
    ]);
    // Nothing reached the metadata address or another host: the stand-in saw only well-formed checks.
    expect(standIn.requests.every((r) => r.route === 'models')).toBe(true);
  });
});
