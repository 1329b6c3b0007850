import type { LlmProviderReadiness, TenantLlmProviderView } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resolveLlmClient } from '../src/services/llms/providers/llm-client-resolver';
import { type AdminWorld, as, buildAdminWorld, expectStatus } from './support/admin-world';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const TENANT_KEY = 'sk-tenant-own-key-7f3a';
const OPERATOR_KEY = 'sk-operator-key-1b2c';

/**
 * The tenant's own LLM providers (Account Administration 'LLM providers') and GET /api/llm/providers:
 * credentials checked with the provider on save, sealed, never read back; the tenant's own win over
 * the installation's environment; each tenant sees and uses only its own.
 */
describe.each(testDatabases())('LLM providers on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let operatorStandIn: OpenAiProtocolServer;
  let tenantStandIn: OpenAiProtocolServer;

  beforeAll(async () => {
    operatorStandIn = await startOpenAiProtocolServer({
      apiKey: OPERATOR_KEY,
      models: ['gpt-4o-mini', 'text-embedding-3-small'],
    });
    tenantStandIn = await startOpenAiProtocolServer({
      apiKey: TENANT_KEY,
      models: ['llama3.2', 'nomic-embed-text'],
    });
    server = await startTestServer(kind, {
      OPENAI_API_KEY: OPERATOR_KEY,
      OPENAI_BASE_URL: operatorStandIn.url,
      // The tenant's stand-in listens on 127.0.0.1: the functions' network rules must open it.
      FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    world = await buildAdminWorld(server);
  });
  afterAll(async () => {
    await server?.close();
    await operatorStandIn?.close();
    await tenantStandIn?.close();
  });

  const providersOf = async (token: string) =>
    expectStatus(
      await as(server, token)('GET', '/api/tenant/llm-providers'),
      200,
    ).json() as TenantLlmProviderView[];
  const readinessOf = async (token: string) =>
    expectStatus(await as(server, token)('GET', '/api/llm/providers'), 200).json() as LlmProviderReadiness[];
  const saveCompatible = (token: string, fields: Record<string, string>) =>
    as(server, token)('PUT', '/api/tenant/llm-providers/openai-compatible', { fields });

  test('every provider is listed with its fields; the installation’s OpenAI is seen as ready', async () => {
    const providers = await providersOf(world.tenantAdmin.token);
    expect(providers.map((p) => p.provider)).toEqual([
      'openai',
      'azure-openai',
      'anthropic',
      'google',
      'bedrock',
      'openai-compatible',
    ]);
    const openai = providers.find((p) => p.provider === 'openai');
    expect(openai).toMatchObject({ label: 'OpenAI', own: null, fromEnvironment: true });
    expect(openai?.fields).toEqual([
      { name: 'apiKey', label: 'API key', secret: true, required: true },
      { name: 'baseUrl', label: 'Base URL', secret: false, required: false },
    ]);
    expect(providers.find((p) => p.provider === 'anthropic')?.fromEnvironment).toBe(false);

    const readiness = await readinessOf(world.tenantAdmin.token);
    expect(readiness.find((p) => p.provider === 'openai')).toEqual({
      provider: 'openai',
      label: 'OpenAI',
      ready: true,
      source: 'environment',
      models: ['gpt-4o-mini'],
      embeddingModels: ['text-embedding-3-small'],
      modelsFromProvider: true,
    });
    expect(readiness.find((p) => p.provider === 'anthropic')).toMatchObject({
      ready: false,
      source: null,
      models: [],
    });
    // The operator's key went to the operator's stand-in, and nowhere else.
    expect(operatorStandIn.requests.at(-1)?.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
  });

  test('a saved key is checked with the provider, sealed at rest and never read back', async () => {
    const response = await saveCompatible(world.tenantAdmin.token, {
      baseUrl: tenantStandIn.url,
      apiKey: TENANT_KEY,
    });
    const saved = expectStatus(response, 200).json() as TenantLlmProviderView;
    expect(saved.own?.fields).toEqual([
      { name: 'baseUrl', set: true, value: tenantStandIn.url },
      { name: 'apiKey', set: true, hint: '…7f3a' },
    ]);
    expect(response.body).not.toContain(TENANT_KEY);
    expect(tenantStandIn.requests.at(-1)).toMatchObject({
      route: 'models',
      authorization: `Bearer ${TENANT_KEY}`,
      outcome: 200,
    });

    const listed = await as(server, world.tenantAdmin)('GET', '/api/tenant/llm-providers');
    expect(listed.body).not.toContain(TENANT_KEY);
    const row = await server.ctx.repos.db
      .selectFrom('tenant_llm_providers')
      .selectAll()
      .where('tenant_id', '=', world.tenantB)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TENANT_KEY);
    expect(JSON.stringify(row)).toContain('sealed1.');

    const readiness = await readinessOf(world.tenantAdmin.token);
    expect(readiness.find((p) => p.provider === 'openai-compatible')).toEqual({
      provider: 'openai-compatible',
      label: 'OpenAI-compatible server',
      ready: true,
      source: 'tenant',
      models: ['llama3.2'],
      embeddingModels: ['nomic-embed-text'],
      modelsFromProvider: true,
    });
  });

  test('a key the provider refuses is a 400 naming the provider and what it refused; nothing is stored', async () => {
    const response = await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/openai', {
      fields: { apiKey: 'sk-wrong-0000', baseUrl: tenantStandIn.url },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_error',
      fieldName: 'apiKey',
      message: expect.stringMatching(
        /^OpenAI refused the request: Incorrect API key provided: sk-\*\*\*\*0000\..*\(HTTP 401\)\.$/,
      ),
    });
    expect((await providersOf(world.tenantAdmin.token)).find((p) => p.provider === 'openai')?.own).toBeNull();
  });

  test('a server that cannot be reached is a 400 naming it, marked on the base URL', async () => {
    const closed = await startOpenAiProtocolServer();
    await closed.close();
    const response = await saveCompatible(world.tenantAdmin.token, { baseUrl: closed.url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldName: 'baseUrl',
      message: expect.stringContaining(
        `Could not reach OpenAI-compatible server at http://127.0.0.1:${closed.port}`,
      ),
    });
  });

  test('missing and unknown fields, an unknown provider', async () => {
    const missing = await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/azure-openai', {
      fields: { apiKey: 'k' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fieldName: 'resourceName',
      message: 'Azure OpenAI: Resource name is required.',
    });
    const unknownField = await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/google', {
      fields: { apiKey: 'k', region: 'x' },
    });
    expect(unknownField.json()).toMatchObject({
      fieldName: 'region',
      message: 'Google: Google has no field region.',
    });
    const unknownProvider = await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/acme', {
      fields: {},
    });
    expect(unknownProvider.statusCode).toBe(404);
    expect(unknownProvider.json().message).toBe('There is no such LLM provider.');
  });

  test('the tenant’s own credentials win over the environment; another tenant keeps the environment', async () => {
    expectStatus(
      await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/openai', {
        fields: { apiKey: TENANT_KEY, baseUrl: tenantStandIn.url },
      }),
      200,
    );
    const own = await resolveLlmClient(server.ctx, world.tenantB, 'openai');
    const answer = await own?.chat({
      model: 'llama3.2',
      system: 'The office opens at nine.',
      messages: [{ role: 'user', content: 'When does the office open?' }],
    });
    expect(answer?.text).toBe('The office opens at nine.');
    expect(tenantStandIn.requests.at(-1)).toMatchObject({
      route: 'chat',
      authorization: `Bearer ${TENANT_KEY}`,
    });

    const master = await resolveLlmClient(server.ctx, world.masterTenantId, 'openai');
    await master?.chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there' }] });
    expect(operatorStandIn.requests.at(-1)).toMatchObject({
      route: 'chat',
      authorization: `Bearer ${OPERATOR_KEY}`,
    });
    expect(await resolveLlmClient(server.ctx, world.masterTenantId, 'anthropic')).toBeNull();

    // A secret left out on a replace keeps the stored one.
    const replaced = expectStatus(
      await as(server, world.tenantAdmin)('PUT', '/api/tenant/llm-providers/openai', {
        fields: { baseUrl: tenantStandIn.url },
      }),
      200,
    ).json() as TenantLlmProviderView;
    expect(replaced.own?.fields.find((f) => f.name === 'apiKey')).toEqual({
      name: 'apiKey',
      set: true,
      hint: '…7f3a',
    });

    // Removed, the environment serves again.
    const removed = expectStatus(
      await as(server, world.tenantAdmin)('DELETE', '/api/tenant/llm-providers/openai'),
      200,
    ).json();
    expect(removed).toMatchObject({ provider: 'openai', own: null, fromEnvironment: true });
    const fallback = await resolveLlmClient(server.ctx, world.tenantB, 'openai');
    await fallback?.chat({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hello again' }] });
    expect(operatorStandIn.requests.at(-1)?.authorization).toBe(`Bearer ${OPERATOR_KEY}`);
  });

  test('tenants are isolated: one tenant’s credentials are neither seen nor used nor removed by another', async () => {
    // Tenant B (Bea) has its own OpenAI-compatible server from an earlier test; the master tenant has none.
    const masterView = await providersOf(world.master.token);
    expect(masterView.find((p) => p.provider === 'openai-compatible')?.own).toBeNull();
    expect(
      (await readinessOf(world.master.token)).find((p) => p.provider === 'openai-compatible'),
    ).toMatchObject({ ready: false });
    expect(await resolveLlmClient(server.ctx, world.masterTenantId, 'openai-compatible')).toBeNull();
    // The master's DELETE acts on its own tenant only.
    expectStatus(
      await as(server, world.master)('DELETE', '/api/tenant/llm-providers/openai-compatible'),
      200,
    );
    expect(
      (await providersOf(world.tenantAdmin.token)).find((p) => p.provider === 'openai-compatible')?.own,
    ).not.toBeNull();
  });

  test('only tenant administrators manage credentials; the provider step needs ManageLLMs (50)', async () => {
    const plain = as(server, world.plainUser);
    for (const [method, url, body] of [
      ['GET', '/api/tenant/llm-providers', undefined],
      ['PUT', '/api/tenant/llm-providers/openai', { fields: { apiKey: 'x' } }],
      ['DELETE', '/api/tenant/llm-providers/openai-compatible', undefined],
    ] as const) {
      expect((await plain(method, url, body)).statusCode).toBe(403);
      expect((await server.request({ method, url, ...(body ? { body } : {}) })).statusCode).toBe(401);
    }
    const denied = await plain('GET', '/api/llm/providers');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_error');

    // With a role holding ManageLLMs on one bot, the provider step opens (readiness only, no secret).
    const bot = await createBot(as(server, world.tenantAdmin), `LLM bot ${kind}`);
    expectStatus(
      await as(server, world.tenantAdmin)('POST', '/api/user/role', {
        userEmail: world.plainUser.email,
        botName: bot.botName,
        role: 4,
      }),
      200,
    );
    const readiness = await plain('GET', '/api/llm/providers');
    expect(readiness.statusCode).toBe(200);
    expect(readiness.body).not.toContain(TENANT_KEY);
    expect(
      (readiness.json() as LlmProviderReadiness[]).find((p) => p.provider === 'openai-compatible')?.ready,
    ).toBe(true);
  });
});

describe('a tenant’s base URL under the functions’ network rules', () => {
  let server: TestServer;
  let standIn: OpenAiProtocolServer;
  let world: AdminWorld;

  beforeAll(async () => {
    standIn = await startOpenAiProtocolServer();
    server = await startTestServer('sqlite');
    world = await buildAdminWorld(server);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  test('a loopback address is refused naming the provider and the setting that opens it; no request leaves', async () => {
    const response = await as(server, world.tenantAdmin)(
      'PUT',
      '/api/tenant/llm-providers/openai-compatible',
      { fields: { baseUrl: standIn.url } },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldName: 'baseUrl',
      message: expect.stringMatching(
        /^OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+ cannot be reached: Requests to private or local network addresses are not allowed\..*FUNCTIONS_ALLOW_PRIVATE_NETWORKS/,
      ),
    });
    expect(standIn.requests).toEqual([]);
  });
});
