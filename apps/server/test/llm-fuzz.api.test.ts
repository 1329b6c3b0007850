import type { Llm } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { expectStatus } from './support/admin-world';
import { multipartBody } from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  createFuzzLog,
  fuzzSender,
  HOSTILE_PARAMS,
  HOSTILE_RAW_BODIES,
  HOSTILE_VALUES,
  hostileBodies,
  sendBrokenMultiparts,
} from './support/fuzz';
import { buildLlmWorld, createLlm, type LlmWorld, llmPath, readLlm } from './support/llms';
import { pollUntil } from './support/poll-until';
import { fillPath } from './support/route-walk';
import { startTestServer, type TestServer } from './support/test-server';

/** The LLM area's routes, including routes added later. */
const LLM_AREA = /^\/api\/llm(\/|$)/;

/** Files no extractor should choke on: each is refused or fails its document with a reason. */
const HOSTILE_FILES: ReadonlyArray<readonly [string, Buffer | string]> = [
  ['empty.txt', Buffer.alloc(0)],
  ['broken.pdf', '%PDF-1.7\n1 0 obj <<'],
  ['broken.docx', Buffer.from('PK\u0003\u0004 not really a zip')],
  ['broken.pptx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xff])],
  ['nested.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['quotes.csv', `a,b\n"${'x'.repeat(100_000)}`],
  ['old.doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  ['../../etc/passwd.txt', 'root:x:0:0'],
  ['\u202egnp.txt', 'right-to-left name'],
  [`${'x'.repeat(400)}.md`, '# title'],
];

describe.each(testDatabases())('hostile input to the LLM area on %s', (kind) => {
  let server: TestServer;
  let w: LlmWorld;
  let llm: Llm;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildLlmWorld(server);
    llm = await createLlm(w.admin, { llmDisplayName: 'Fuzzed', llmProvider: 'openai' });
  });
  afterAll(() => server?.close());

  test('no route of the area ever answers 5xx, and every refusal carries a catalogue code', async () => {
    const routes = routeCatalogue(server.app).filter((r) => r.method !== 'HEAD' && LLM_AREA.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/llm',
        'GET /api/llm/:llmId',
        'POST /api/llm/create',
        'POST /api/llm/:llmId/update',
        'POST /api/llm/:llmId/upload',
        'POST /api/llm/:llmId/document',
        'DELETE /api/llm/:llmId/delete',
        'POST /api/llm/:llmId/train',
        'POST /api/llm/:llmId/train/cancel',
        'POST /api/llm/:llmId/test',
        'GET /api/llm/:llmId/export',
        'POST /api/llm/import',
      ]),
    );
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    const base = {
      llmDisplayName: 'Fuzz',
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
      temperature: 0.5,
      persona: 'p',
      output: 'json',
      outputSchema: '{"type":"object"}',
      ragFilters: [{ metadataField: 'team', query: 'a,b', operator: 'in' }],
      metadataFields: ['team'],
      amountOfDocs: 3,
      documents: [{ documentId: 'x' }],
      type: 'Url',
      link: 'https://example.org/',
      limit: 2,
      message: 'hello',
      history: [{ role: 'user', content: 'hi' }],
    };
    const values = [
      ...HOSTILE_VALUES,
      [{ metadataField: 'a'.repeat(5000), query: '%', operator: 'in' }],
      '{"$ref":"#"}',
      '{"type":"object","properties":{"a":{"$ref":"#"}}}',
      'file:///etc/passwd',
      'http://169.254.169.254/latest/meta-data',
      Array.from({ length: 2000 }, () => 'entry'),
    ];
    for (const route of routes) {
      for (const p of HOSTILE_PARAMS) {
        const url = fillPath(route.url, { llmId: p, documentId: p }).replace(/%25/g, '%');
        await send(route.method, url);
      }
      if (route.method === 'DELETE') continue;
      const url = fillPath(route.url, { llmId: llm.llmId, documentId: 'missing' });
      for (const body of hostileBodies(base, values)) await send(route.method, url, body);
      for (const raw of HOSTILE_RAW_BODIES)
        await send(route.method, url, raw, { 'content-type': 'application/json' });
    }
    await sendBrokenMultiparts(
      server,
      { url: `${llmPath(llm.llmId)}/upload`, token: w.world.tenantAdmin.token, field: 'file' },
      log,
    );
    await sendBrokenMultiparts(
      server,
      { url: '/api/llm/import', token: w.world.tenantAdmin.token, field: 'file' },
      log,
    );
    for (const data of [
      '{"format":"parley-llm","version":1,"llm":{"llmDisplayName":"x","llmProvider":"openai"},"documents":[{"name":"a","displayName":"a","type":"File","link":"","limit":null,"file":"%%%"}]}',
      '[]'.repeat(10_000),
      '{"__proto__":{"polluted":true}}',
    ]) {
      const { payload, contentType } = multipartBody('file', 'x.llm.json', data);
      await send('POST', '/api/llm/import', payload, { 'content-type': contentType });
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  test('hostile files are refused or fail their own document with a reason; training ends and the server answers', async () => {
    const target = await createLlm(w.admin, { llmDisplayName: 'Hostile files', llmProvider: 'openai' });
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    for (const [fileName, data] of HOSTILE_FILES) {
      const { payload, contentType } = multipartBody('file', fileName, data);
      await send('POST', `${llmPath(target.llmId)}/upload`, payload, { 'content-type': contentType });
    }
    const { payload, contentType } = multipartBody('file', 'good.txt', 'The office opens at nine.');
    expectStatus(
      await send('POST', `${llmPath(target.llmId)}/upload`, payload, { 'content-type': contentType }),
      200,
    );
    expectStatus(await send('POST', `${llmPath(target.llmId)}/train`), 200);
    const trained = await pollUntil(
      'the hostile training to end',
      () => readLlm(w.admin, target.llmId),
      (l) => l.training.state !== 'running',
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    expect(trained.training.state).toBe('failed');
    const broken = new Set(['broken.pdf', 'broken.docx', 'broken.pptx', 'nested.json', 'old.doc']);
    const names = trained.documents.map((d) => d.name);
    // A path in a file name is dropped: the file is kept under its last segment.
    expect(names).toContain('passwd.txt');
    expect(names).not.toContain('empty.txt');
    for (const document of trained.documents) {
      if (broken.has(document.name)) expect(document.status, document.name).toMatch(/^(failed|needs-ocr)$/);
      else expect(document.status, document.name).toMatch(/^(trained|failed)$/);
      if (document.status !== 'trained') expect(document.error, document.name).toBeTruthy();
    }
    expect(trained.documents.find((d) => d.name === 'good.txt')?.status).toBe('trained');
    expect(log.failures).toEqual([]);
    expect((await w.admin('GET', '/api/llm')).statusCode).toBe(200);
  }, 180_000);
});
