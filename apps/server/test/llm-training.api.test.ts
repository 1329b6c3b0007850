import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Llm, type LlmTestAnswer, LLM_MESSAGES as M } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { makePdf } from '@parley/retrieval/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NEEDS_OCR } from '../src/services/llms/training/document-passages';
import { TRAINING_CANCELLED } from '../src/services/llms/training/llm-training.service';
import { as, type Call, expectStatus } from './support/admin-world';
import { testDatabases } from './support/databases';
import { createLlm, handbookText, llmPath, readLlm, uploadLlmFile } from './support/llms';
import { pollUntil } from './support/poll-until';
import { startTestServer, type TestServer } from './support/test-server';

const TEAMS_CSV = [
  'question,answer,team',
  'How do I reset my password?,Use the reset link on the sign-in page of the support portal.,support',
  'How do I change my password for payroll?,Payroll passwords are changed in the payroll portal by HR.,hr',
  'Where do I report a password leak?,Password leaks go to the security desk at once.,security',
].join('\n');

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
/** A small help site: the start page links to three others; the page limit keeps two pages. */
const SITE: Record<string, string> = {
  '/': html(
    'Help centre',
    '<p>Welcome to the help centre of Acme. Read about our opening hours and our parking rules below.</p><a href="/hours">Opening hours</a> <a href="/parking">Parking</a> <a href="/secret">Secret</a>',
  ),
  '/hours': html(
    'Opening hours',
    '<p>The help desk is open from eight in the morning until five in the afternoon on weekdays.</p>',
  ),
  '/parking': html('Parking', '<p>Visitors park for free in the garage under building C.</p>'),
  '/secret': html('Secret', '<p>This page is beyond the page limit.</p>'),
  '/robots.txt': 'User-agent: *\nAllow: /\n',
};

/**
 * Training and answering (issue 23): training is a job with progress, per-document status and
 * cancel; a scan is flagged 'needs OCR'; RAG filters narrow the sources (one matching nothing finds
 * nothing); JSON output is repaired once; an embedding model re-indexes with vectors; a failing
 * provider gives the passages with a notice naming it, never an error status.
 */
describe.each(testDatabases())('LLM training and answers on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let admin: Call;
  let token: string;
  let site: Server;
  let siteUrl: string;
  /** Answers of the stand-in, queued by a test; the default answer when none is queued. */
  const queuedAnswers: string[] = [];

  beforeAll(async () => {
    const { extractiveAnswer } = await import('@parley/llm/testing');
    provider = await startOpenAiProtocolServer({
      apiKey: 'sk-training',
      answer: (request) => queuedAnswers.shift() ?? extractiveAnswer(request),
    });
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: provider.url,
      OPENAI_API_KEY: 'sk-training',
      // The test site runs on this machine: the crawl's guard lets the operator open private addresses.
      FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    site = createServer((request, response) => {
      const page = SITE[request.url ?? ''];
      if (!page) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    token = (await server.signUpFirstAdmin()).token;
    admin = as(server, token);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
    site?.close();
  });

  let names = 0;
  const newLlm = (extra: Record<string, unknown> = {}) =>
    createLlm(admin, {
      llmDisplayName: `Trainee ${++names}`,
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
      ...extra,
    });
  const upload = async (llm: Llm, name: string, data: Buffer | Uint8Array | string) =>
    expectStatus(await uploadLlmFile(server, token, llm.llmId, name, Buffer.from(data)), 200).json();
  const train = async (llm: Llm) =>
    expectStatus(await admin('POST', `${llmPath(llm.llmId)}/train`), 200).json();
  const finished = (llm: Llm) =>
    pollUntil(
      'the training to end',
      () => readLlm(admin, llm.llmId),
      (l) => l.training.state !== 'running',
      {
        timeoutMs: 60_000,
        intervalMs: 50,
      },
    );
  const ask = async (llm: Llm, message: string) =>
    expectStatus(await admin('POST', `${llmPath(llm.llmId)}/test`, { message }), 200).json() as LlmTestAnswer;

  test('training reports each document; a scan without text needs OCR and the run fails with the spec’s message', async () => {
    const llm = await newLlm();
    await upload(llm, 'handbook.txt', handbookText());
    await upload(llm, 'scan.pdf', makePdf([[], []]));
    const started = await train(llm);
    expect(started).toMatchObject({
      message: M.trainStarted,
      training: { state: 'running', totalDocuments: 2 },
    });
    const done = await finished(llm);
    expect(done.training).toMatchObject({
      state: 'failed',
      processedDocuments: 2,
      totalDocuments: 2,
      progress: 100,
    });
    expect(done.training.message).toContain(M.trainFailed);
    expect(done.isComplete).toBe(false);
    const byName = Object.fromEntries(done.documents.map((d) => [d.name, d]));
    expect(byName['handbook.txt']).toMatchObject({ status: 'trained', error: null });
    expect(byName['scan.pdf']).toMatchObject({ status: 'needs-ocr', error: NEEDS_OCR, passages: 0 });
    expect(done.trainedDocs).toBe(1);
    // Without the scan the next run succeeds, and the LLM is complete.
    const handbook = byName['handbook.txt'];
    expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/update`, {
        documents: [{ documentId: handbook?.documentId }],
      }),
      200,
    );
    await train(llm);
    const retrained = await finished(llm);
    expect(retrained).toMatchObject({
      isComplete: true,
      training: { state: 'succeeded', message: M.trainSucceeded },
    });
    // Training twice at once is refused.
    await train(llm);
    // (Reading and cutting the handbook in the worker takes far longer than this next request.)
    const again = await admin('POST', `${llmPath(llm.llmId)}/train`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cohesion_error', message: M.trainAlreadyRunning });
    await finished(llm);
  }, 120_000);

  test('a training can be cancelled: it stops before the next step and the documents not reached say so', async () => {
    const llm = await newLlm({ embeddingModel: 'text-embedding-3-small' });
    await upload(llm, 'a.txt', 'The office opens at nine.');
    await upload(llm, 'b.txt', 'The office closes at six.');
    // The provider holds the first embedding back for two seconds: time to cancel.
    provider.inject({ kind: 'rate-limit', route: 'embeddings', retryAfterSeconds: 2 });
    await train(llm);
    const cancelled = expectStatus(await admin('POST', `${llmPath(llm.llmId)}/train/cancel`), 200).json();
    expect(cancelled).toMatchObject({ message: TRAINING_CANCELLED, training: { state: 'cancelled' } });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const after = await readLlm(admin, llm.llmId);
    expect(after.training.state).toBe('cancelled');
    expect(after.isComplete).toBe(false);
    expect(after.documents.every((d) => d.status === 'cancelled')).toBe(true);
  });

  test('a document deleted while the training reads it does not come back', async () => {
    const llm = await newLlm({ embeddingModel: 'text-embedding-3-small' });
    await upload(llm, 'old.txt', 'The canteen closes at three.');
    const kept = await upload(llm, 'new.txt', 'The office opens at nine.');
    // The provider holds the first embedding back for two seconds: time to delete that document.
    provider.inject({ kind: 'rate-limit', route: 'embeddings', retryAfterSeconds: 2 });
    await train(llm);
    expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/update`, { documents: [{ documentId: kept.documentId }] }),
      200,
    );
    const done = await finished(llm);
    expect(done).toMatchObject({ isComplete: true, training: { state: 'succeeded', progress: 100 } });
    expect(done.training.processedDocuments).toBe(done.training.totalDocuments);
    expect(done.documents.map((d) => [d.name, d.status])).toEqual([['new.txt', 'trained']]);
    const answer = await ask(llm, 'When does the canteen close?');
    expect(answer.sources.some((s) => s.passage.includes('canteen'))).toBe(false);
  });

  test('a Url document is crawled on its site up to its page limit; sources carry the page address', async () => {
    const llm = await newLlm();
    expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/document`, { type: 'Url', link: `${siteUrl}/`, limit: 2 }),
      200,
    );
    await train(llm);
    const done = await finished(llm);
    expect(done.documents[0]).toMatchObject({ type: 'Url', status: 'trained', limit: 2 });
    const answer = await ask(llm, 'When is the help desk open?');
    expect(answer.answer).toContain('eight in the morning');
    expect(answer.sources).toContainEqual(
      expect.objectContaining({ documentName: `${siteUrl}/`, url: `${siteUrl}/hours` }),
    );
    const secret = await ask(llm, 'What is beyond the page limit?');
    expect(secret.sources.some((s) => s.passage.includes('beyond the page limit'))).toBe(false);
  });

  test('RAG filters narrow the sources before ranking; a filter that matches nothing finds nothing', async () => {
    const llm = await newLlm({ metadataFields: ['team'] });
    await upload(llm, 'faq.csv', TEAMS_CSV);
    await train(llm);
    expect((await finished(llm)).isComplete).toBe(true);
    const open = await ask(llm, 'How do I change my password?');
    expect(open.sources.length).toBeGreaterThan(1);
    expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/update`, {
        ragFilters: [{ metadataField: 'team', query: 'hr', operator: 'eq' }],
      }),
      200,
    );
    const narrowed = await ask(llm, 'How do I change my password?');
    expect(narrowed.sources).toHaveLength(1);
    expect(narrowed.sources[0]?.passage).toContain('payroll portal');
    expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/update`, {
        ragFilters: [{ metadataField: 'team', query: 'sales, marketing', operator: 'in' }],
      }),
      200,
    );
    const none = await ask(llm, 'How do I change my password?');
    expect(none.sources).toEqual([]);
  });

  test('a JSON answer that does not match the output schema gets one repair attempt', async () => {
    const llm = await newLlm({
      output: 'json',
      outputSchema: JSON.stringify({
        type: 'object',
        properties: { answer: { type: 'string' } },
        required: ['answer'],
      }),
    });
    await upload(llm, 'hours.txt', 'The office opens at nine.');
    await train(llm);
    await finished(llm);
    const before = provider.requests.filter((r) => r.route === 'chat').length;
    // (An answer that is not JSON at all is the provider layer's: refused as malformed and retried.)
    queuedAnswers.push('{"hours":9}', '{"answer":"nine"}');
    const repaired = await ask(llm, 'When does the office open?');
    expect(repaired).toMatchObject({ mode: 'provider', answer: '{"answer":"nine"}' });
    expect(repaired.notice).toBeUndefined();
    expect(provider.requests.filter((r) => r.route === 'chat').length - before).toBe(2);
    queuedAnswers.push('{"hours":9}', '{"other":1}');
    const still = await ask(llm, 'When does the office open?');
    expect(still.notice).toMatch(/does not match the output schema.*after one repair attempt/);
    const bad = await admin('POST', `${llmPath(llm.llmId)}/update`, { outputSchema: '{not json' });
    expect(bad.json()).toMatchObject({ code: 'validation_error', fieldName: 'outputSchema' });
  });

  test('an embedding model re-indexes the trained LLM with vectors, and answers use them', async () => {
    const llm = await newLlm();
    await upload(llm, 'handbook.txt', handbookText());
    await train(llm);
    await finished(llm);
    const embeddingsBefore = provider.requests.filter((r) => r.route === 'embeddings').length;
    const changed = expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/update`, { embeddingModel: 'text-embedding-3-small' }),
      200,
    ).json() as Llm;
    expect(changed.training.state).toBe('running');
    const reindexed = await finished(llm);
    expect(reindexed).toMatchObject({ isComplete: true, embeddingModel: 'text-embedding-3-small' });
    expect(provider.requests.filter((r) => r.route === 'embeddings').length).toBeGreaterThan(
      embeddingsBefore,
    );
    const answer = await ask(llm, 'How many days of paid leave does an employee get?');
    expect(answer.sources[0]?.passage).toContain('27 days of paid leave');
    const last = provider.requests.filter((r) => r.route === 'embeddings').at(-1)?.body as { input: unknown };
    expect(JSON.stringify(last.input)).toContain('paid leave');
  });

  test('a failing provider gives the passages, with a notice naming it, not an error status', async () => {
    const llm = await newLlm();
    await upload(llm, 'hours.txt', 'The office opens at nine.');
    await train(llm);
    await finished(llm);
    provider.inject({ kind: 'server-error', route: 'chat', times: 10 });
    const answer = await ask(llm, 'When does the office open?');
    expect(answer).toMatchObject({
      mode: 'retrieval-only',
      answer: 'The office opens at nine.',
      providerError: { provider: 'openai', kind: 'unavailable' },
    });
    expect(answer.notice).toContain('OpenAI');
    expect(answer.sources[0]).toMatchObject({ documentName: 'hours.txt' });
  }, 30_000);
});
