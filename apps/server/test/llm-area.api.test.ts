import { LLM_LIMITS, type Llm, llmSchema, LLM_MESSAGES as M } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { llmBlobPrefix } from '../src/services/llms/llm-blobs';
import { type Call, expectStatus } from './support/admin-world';
import { multipartBody, refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  buildLlmWorld,
  createLlm,
  type LlmWorld,
  llmPath,
  readLlm,
  uploadedDocument,
  uploadLlmFile,
} from './support/llms';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The LLM area's calls (spec 04 sections 3.11, 4, 5, 6, 7.3): creating, reading, saving and
 * deleting an LLM, its documents (uploaded files in the blob store, URLs with a page limit),
 * permissions 50 and 51, and tenant isolation.
 */
describe.each(testDatabases())('the LLM area on %s', (kind) => {
  let server: TestServer;
  let w: LlmWorld;
  const fresh = () => `Help desk ${uniqueKey()}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildLlmWorld(server);
  });
  afterAll(() => server?.close());

  test('a new LLM has the spec’s defaults, is not trained, and reads back as created', async () => {
    const name = fresh();
    const llm = await createLlm(w.admin, {
      llmDisplayName: name,
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(llmSchema.parse(llm)).toEqual(llm);
    expect(llm).toMatchObject({
      llmDisplayName: name,
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
      embeddingModel: 'default',
      region: 'EU',
      temperature: 0.7,
      isComplete: false,
      output: 'text',
      documents: [],
      trainedDocs: 0,
      ragFilters: [],
      training: { state: 'none' },
    });
    expect(await readLlm(w.admin, llm.llmId)).toEqual(llm);
    const list = expectStatus(await w.designer('GET', '/api/llm'), 200).json();
    expect(list).toContainEqual({
      llmId: llm.llmId,
      llmDisplayName: name,
      description: '',
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
      isComplete: false,
      language: 'en',
    });
  });

  test('names: only _ . - letters, digits and spaces, unique in the tenant', async () => {
    const bad = await w.admin('POST', '/api/llm/create', {
      llmDisplayName: 'Help/desk',
      llmProvider: 'openai',
    });
    expect(bad.statusCode).toBe(400);
    expect(refusal(bad)).toEqual(['llmDisplayName', M.nameInvalid]);
    const name = fresh();
    await createLlm(w.admin, { llmDisplayName: name, llmProvider: 'openai' });
    const again = await w.admin('POST', '/api/llm/create', {
      llmDisplayName: name,
      llmProvider: 'anthropic',
    });
    expect(refusal(again)).toEqual(['llmDisplayName', M.nameTaken]);
  });

  test('a save changes what it names; a new provider without a model resets the model to default', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: fresh(), llmProvider: 'openai', model: 'gpt-4o' });
    const saved = expectStatus(
      await w.manager('POST', `${llmPath(llm.llmId)}/update`, {
        persona: 'You are the help desk of Acme.',
        outputCheckConditions: ['  never promise refunds ', ''],
        ragFilters: [{ metadataField: 'team', query: 'support', operator: 'eq' }],
        amountOfDocs: 3,
      }),
      200,
    ).json() as Llm;
    expect(saved).toMatchObject({
      persona: 'You are the help desk of Acme.',
      outputCheckConditions: ['never promise refunds'],
      ragFilters: [{ metadataField: 'team', query: 'support', operator: 'eq' }],
      amountOfDocs: 3,
      model: 'gpt-4o',
    });
    const moved = expectStatus(
      await w.admin('POST', `${llmPath(llm.llmId)}/update`, { llmProvider: 'anthropic' }),
      200,
    ).json() as Llm;
    expect(moved).toMatchObject({
      llmProvider: 'anthropic',
      model: null,
      persona: 'You are the help desk of Acme.',
    });
    const named = expectStatus(
      await w.admin('POST', `${llmPath(llm.llmId)}/update`, { llmProvider: 'openai', model: 'gpt-4.1' }),
      200,
    ).json() as Llm;
    expect(named.model).toBe('gpt-4.1');
    const badTemperature = await w.admin('POST', `${llmPath(llm.llmId)}/update`, { temperature: 1.5 });
    expect(refusal(badTemperature)).toEqual(['temperature', 'The temperature must be a number from 0 to 1.']);
  });

  test('files: the accepted types up to 50 MB go to the blob store; others are refused with the spec’s messages', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: fresh(), llmProvider: 'openai' });
    const handbook = 'Holidays\n\nEvery employee has 25 days of paid leave a year.\n';
    const document = await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'handbook.txt', handbook),
    );
    expect(document).toMatchObject({
      name: 'handbook.txt',
      displayName: 'handbook.txt',
      type: 'File',
      status: 'pending',
      size: Buffer.byteLength(handbook),
      passages: 0,
      limit: null,
    });
    const file = await w.admin('GET', document.link);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(handbook);
    expect(await server.ctx.blobs.list(llmBlobPrefix(w.world.tenantB, llm.llmId))).toHaveLength(1);

    const exe = await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'setup.exe', 'MZ');
    expect(refusal(exe)).toEqual(['file', M.fileTypeNotSupported('exe')]);
    const wrongField = await uploadLlmFile(
      server,
      w.world.tenantAdmin.token,
      llm.llmId,
      'a.txt',
      'x',
      'upload',
    );
    expect(refusal(wrongField)).toEqual(['file', M.fileMissing]);
    const tooBig = await uploadLlmFile(
      server,
      w.world.tenantAdmin.token,
      llm.llmId,
      'big.txt',
      Buffer.alloc(LLM_LIMITS.uploadMaxBytes + 1, 97),
    );
    expect(refusal(tooBig)).toEqual(['file', M.fileTooBig]);

    // The same name again replaces the document and its file.
    const second = await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'handbook.txt', 'New text'),
    );
    const after = await readLlm(w.admin, llm.llmId);
    expect(after.documents.map((d) => d.documentId)).toEqual([second.documentId]);
    expect(await server.ctx.blobs.list(llmBlobPrefix(w.world.tenantB, llm.llmId))).toHaveLength(1);
  });

  test('URLs: a page limit of 5 by default, at least 1; deleting a document by saving without it removes its file', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: fresh(), llmProvider: 'openai' });
    const url = expectStatus(
      await w.admin('POST', `${llmPath(llm.llmId)}/document`, {
        type: 'Url',
        link: 'https://example.org/help',
      }),
      200,
    ).json();
    expect(url).toMatchObject({ type: 'Url', link: 'https://example.org/help', limit: 5, status: 'pending' });
    const zero = await w.admin('POST', `${llmPath(llm.llmId)}/document`, {
      type: 'Url',
      link: 'https://example.org/',
      limit: 0,
    });
    expect(refusal(zero)).toEqual(['limit', M.pageLimitInvalid]);
    const file = await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'a.md', '# A'),
    );
    const saved = expectStatus(
      await w.admin('POST', `${llmPath(llm.llmId)}/update`, { documents: [{ documentId: url.documentId }] }),
      200,
    ).json() as Llm;
    expect(saved.documents.map((d) => d.documentId)).toEqual([url.documentId]);
    expect(await server.ctx.blobs.list(llmBlobPrefix(w.world.tenantB, llm.llmId))).toEqual([]);
    expect((await w.admin('GET', file.link)).statusCode).toBe(404);
  });

  test('deleting an LLM removes it with its documents and files', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: fresh(), llmProvider: 'openai' });
    await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'a.csv', 'q,a\n1,2\n'),
    );
    expect((await w.manager('DELETE', `${llmPath(llm.llmId)}/delete`)).statusCode).toBe(204);
    expect((await w.admin('GET', llmPath(llm.llmId))).json().code).toBe('not-found_error');
    expect(await server.ctx.blobs.list(llmBlobPrefix(w.world.tenantB, llm.llmId))).toEqual([]);
    const rows = await server.ctx.repos.db
      .selectFrom('llm_documents')
      .select('id')
      .where('llm_id', '=', llm.llmId)
      .execute();
    expect(rows).toEqual([]);
  });

  test('permissions: 50 changes LLMs, 51 alone only reads them, neither is refused with permission_error', async () => {
    const llm = await createLlm(w.manager, { llmDisplayName: fresh(), llmProvider: 'google' });
    expect((await readLlm(w.exporter, llm.llmId)).llmId).toBe(llm.llmId);
    const denied = async (call: Call, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
      const response = await call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe('permission_error');
    };
    await denied(w.exporter, 'POST', `${llmPath(llm.llmId)}/update`, { persona: 'x' });
    await denied(w.exporter, 'POST', '/api/llm/create', { llmDisplayName: fresh(), llmProvider: 'openai' });
    await denied(w.exporter, 'DELETE', `${llmPath(llm.llmId)}/delete`);
    await denied(w.designer, 'GET', llmPath(llm.llmId));
    await denied(w.designer, 'POST', `${llmPath(llm.llmId)}/document`, {
      type: 'Url',
      link: 'https://a.org',
    });
    await denied(w.stranger, 'GET', llmPath(llm.llmId));
    const upload = await uploadLlmFile(server, w.world.plainUser.token, llm.llmId, 'a.txt', 'x');
    expect(upload.statusCode).toBe(403);
  });

  test('the user info tells the web who sees the LLM screens (50) and who may export LLMs (51)', async () => {
    const info = async (call: Call) => expectStatus(await call('GET', '/api/users/info'), 200).json();
    expect(await info(w.manager)).toMatchObject({ canSeeLLMs: true, canExportLLMs: false });
    expect(await info(w.exporter)).toMatchObject({ canSeeLLMs: false, canExportLLMs: true });
    expect(await info(w.admin)).toMatchObject({ canSeeLLMs: true, canExportLLMs: true });
    expect(await info(w.designer)).toMatchObject({ canSeeLLMs: false, canExportLLMs: false });
  });

  test('export (51) and import (50): a new, untrained LLM with the settings, filters and documents, under a free name', async () => {
    const name = fresh();
    const llm = await createLlm(w.admin, {
      llmDisplayName: name,
      llmProvider: 'anthropic',
      persona: 'You are Acme’s help desk.',
      ragFilters: [{ metadataField: 'team', query: 'support', operator: 'eq' }],
      metadataFields: ['team'],
    });
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'guide.pdf', bytes),
    );
    expectStatus(
      await w.admin('POST', `${llmPath(llm.llmId)}/document`, {
        type: 'Url',
        link: 'https://example.org/help',
        limit: 3,
      }),
      200,
    );
    const denied = await w.manager('GET', `${llmPath(llm.llmId)}/export`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_error');
    const exported = expectStatus(await w.exporter('GET', `${llmPath(llm.llmId)}/export`), 200);
    expect(exported.headers['content-disposition']).toContain('.llm.json');
    const file = exported.json();
    expect(file).toMatchObject({
      format: 'parley-llm',
      version: 1,
      llm: { llmDisplayName: name, llmProvider: 'anthropic' },
    });

    const upload = (token: string, data: Buffer | string) => {
      const { payload, contentType } = multipartBody('file', 'export.llm.json', data);
      return server.request({
        method: 'POST',
        url: '/api/llm/import',
        token,
        body: payload,
        headers: { 'content-type': contentType },
      });
    };
    expect((await upload(w.exporterToken, exported.body)).statusCode).toBe(403);
    const imported = expectStatus(await upload(w.managerToken, exported.body), 200).json() as Llm;
    expect(imported.llmId).not.toBe(llm.llmId);
    expect(imported).toMatchObject({
      llmDisplayName: `${name} 2`,
      llmProvider: 'anthropic',
      persona: 'You are Acme’s help desk.',
      ragFilters: [{ metadataField: 'team', query: 'support', operator: 'eq' }],
      metadataFields: ['team'],
      isComplete: false,
    });
    expect(imported.documents.map((d) => [d.name, d.type, d.limit, d.status])).toEqual([
      ['guide.pdf', 'File', null, 'pending'],
      ['https://example.org/help', 'Url', 3, 'pending'],
    ]);
    const copied = await w.admin('GET', imported.documents[0]?.link as string);
    expect(copied.rawPayload.equals(bytes)).toBe(true);

    for (const bad of [
      'not json',
      '{}',
      JSON.stringify({ ...file, format: 'other' }),
      JSON.stringify({ ...file, llm: { ...file.llm, llmDisplayName: 'a/b' } }),
    ]) {
      const refused = await upload(w.managerToken, bad);
      expect(refused.statusCode, bad.slice(0, 40)).toBe(400);
      expect(refused.json().message).toContain(M.importFileInvalid);
    }
  });

  test('the plan: LLMs count against maxFreeBots with the spec’s two messages; export and import need hasImportExport', async () => {
    const setPlan = (maxFreeBots: number, hasAdditionalBotsCost: boolean, hasImportExport: boolean) =>
      server.ctx.repos.db
        .updateTable('plans')
        .set({
          max_free_bots: maxFreeBots,
          has_additional_bots_cost: hasAdditionalBotsCost ? 1 : 0,
          metadata: JSON.stringify({ hasImportExport, hasNluPerformance: true }),
        })
        .where('id', '=', 'default')
        .execute();
    const count = (expectStatus(await w.admin('GET', '/api/llm'), 200).json() as unknown[]).length;
    const body = { llmDisplayName: fresh(), llmProvider: 'openai' };
    try {
      await setPlan(count, false, false);
      const reached = await w.admin('POST', '/api/llm/create', body);
      expect(reached.statusCode).toBe(403);
      expect(reached.json()).toMatchObject({ code: 'custom_error', message: M.maxLlms, llmLimit: 'reached' });
      await setPlan(count, true, false);
      const warned = await w.admin('POST', '/api/llm/create', body);
      expect(warned.json()).toMatchObject({ message: M.extraCostLlms, llmLimit: 'additional-cost' });
      const llm = await createLlm(w.admin, { ...body, acceptAdditionalCost: true });
      const exported = await w.admin('GET', `${llmPath(llm.llmId)}/export`);
      expect(exported.statusCode).toBe(403);
      expect(exported.json()).toMatchObject({ code: 'custom_error', message: M.importExportNotInPlan });
    } finally {
      await setPlan(25, false, true);
    }
  });

  test('tenant isolation: another tenant’s LLM is not found, and nothing of it changes', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: fresh(), llmProvider: 'openai' });
    const doc = await uploadedDocument(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llm.llmId, 'a.txt', 'secret'),
    );
    // The master administrator's selected tenant is the master tenant.
    for (const [method, url, body] of [
      ['GET', llmPath(llm.llmId), undefined],
      ['POST', `${llmPath(llm.llmId)}/update`, { persona: 'stolen' }],
      ['POST', `${llmPath(llm.llmId)}/document`, { type: 'Url', link: 'https://a.org' }],
      ['GET', doc.link, undefined],
      ['DELETE', `${llmPath(llm.llmId)}/delete`, undefined],
    ] as const) {
      const response = await w.master(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = await uploadLlmFile(server, w.world.master.token, llm.llmId, 'b.txt', 'x');
    expect(upload.statusCode).toBe(404);
    expect(expectStatus(await w.master('GET', '/api/llm'), 200).json()).not.toContainEqual(
      expect.objectContaining({ llmId: llm.llmId }),
    );
    const kept = await readLlm(w.admin, llm.llmId);
    expect(kept.persona).toBe('');
    expect(kept.documents.map((d) => d.name)).toEqual(['a.txt']);
  });
});
