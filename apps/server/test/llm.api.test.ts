import { type LlmSummary, llmListSchema } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AdminWorld, as, buildAdminWorld, expectStatus } from './support/admin-world';
import { testDatabases } from './support/databases';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * GET /api/llm (spec 03 section 2.6, spec 04 section 7.3): the LLMs of the caller's tenant, what
 * LLM blocks pick from. The LLM area, which makes them, comes later: until then the list is empty.
 */
describe.each(testDatabases())('the LLM list on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
  });
  afterAll(() => server?.close());

  const list = async (token: string) =>
    llmListSchema.parse(expectStatus(await as(server, token)('GET', '/api/llm'), 200).json()) as LlmSummary[];

  test('a tenant without LLMs has an empty list, for anyone signed in to it', async () => {
    expect(await list(world.plainUser.token)).toEqual([]);
    expect(await list(world.tenantAdmin.token)).toEqual([]);
    const anonymous = await server.request({ method: 'GET', url: '/api/llm' });
    expect(anonymous.statusCode).toBe(401);
  });

  test('the list reads the tenant’s own LLMs only, as the LLM area will store them', async () => {
    const now = new Date().toISOString();
    const flag = (value: boolean) => (kind === 'postgres' ? value : Number(value));
    const insert = (
      row: Parameters<ReturnType<typeof server.ctx.repos.db.insertInto<'llms'>>['values']>[0],
    ) => server.ctx.repos.db.insertInto('llms').values(row).execute();
    await insert({
      id: 'llm-b-1',
      tenant_id: world.tenantB,
      display_name: 'Support assistant',
      description: 'Answers from the help centre',
      provider: 'openai',
      model: null,
      is_complete: flag(true),
      settings: null,
      created_at: now,
      updated_at: now,
    });
    // Left out, the description is empty (each row on its own: SQLite has no DEFAULT in a list of rows).
    await insert({
      id: 'llm-master-1',
      tenant_id: world.masterTenantId,
      display_name: 'Internal',
      provider: 'azure',
      model: 'gpt-4o',
      is_complete: flag(false),
      created_at: now,
      updated_at: now,
    });
    expect(await list(world.plainUser.token)).toEqual([
      {
        llmId: 'llm-b-1',
        llmDisplayName: 'Support assistant',
        description: 'Answers from the help centre',
        llmProvider: 'openai',
        model: null,
        isComplete: true,
        // Stored without settings: the default language.
        language: 'en',
      },
    ]);
    expect(await list(world.master.token)).toEqual([
      {
        llmId: 'llm-master-1',
        llmDisplayName: 'Internal',
        description: '',
        llmProvider: 'azure',
        model: 'gpt-4o',
        isComplete: false,
        language: 'en',
      },
    ]);
    await server.ctx.repos.db.deleteFrom('llms').execute();
  });
});
