import type { LlmTestAnswer } from '@parley/contracts';
import { extractiveAnswer, type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { llmTalkOf } from '../src/services/llms/answering/llm-talk';
import { expectStatus } from './support/admin-world';
import { refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import {
  buildLlmWorld,
  createLlm,
  handbookText,
  type LlmWorld,
  llmPath,
  readLlm,
  uploadLlmFile,
} from './support/llms';
import { pollUntil } from './support/poll-until';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The Guardrails tab's save (spec 04 sections 2.5, 3.11): conditions are kept as written, and
 * one that cannot be checked as written (a regex RE2 refuses, a keyword check without words,
 * unknown personal data) is refused with why, before anything is stored.
 */
describe.each(testDatabases())('guardrail conditions on %s', (kind) => {
  let server: TestServer;
  let w: LlmWorld;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildLlmWorld(server);
  });
  afterAll(() => server?.close());

  test('local checks and plain-language conditions are saved and read back', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: `Guarded ${uniqueKey()}`, llmProvider: 'openai' });
    const conditions = [
      'must not match: \\b\\d+ ?EUR\\b',
      'must not contain: refund, "money back"',
      'no personal data',
      'input: no personal data: credit card',
      'must cite a source',
      'Never recommend a competitor',
    ];
    expectStatus(
      await w.manager('POST', `${llmPath(llm.llmId)}/update`, {
        outputCheckConditions: conditions,
        guardrailsMessage: 'Sorry, I cannot answer that.',
      }),
      200,
    );
    expect(await readLlm(w.admin, llm.llmId)).toMatchObject({
      outputCheckConditions: conditions,
      guardrailsMessage: 'Sorry, I cannot answer that.',
    });
  });

  test('a condition that cannot be checked is refused with why, and nothing is saved', async () => {
    const llm = await createLlm(w.admin, { llmDisplayName: `Guarded ${uniqueKey()}`, llmProvider: 'openai' });
    const save = (outputCheckConditions: string[]) =>
      w.manager('POST', `${llmPath(llm.llmId)}/update`, { outputCheckConditions, guardrailsMessage: 'No.' });
    const lookbehind = await save(['no personal data', 'must not match: (?<=a)b']);
    expect(lookbehind.statusCode).toBe(400);
    expect(refusal(lookbehind)[0]).toBe('outputCheckConditions');
    expect(refusal(lookbehind)[1]).toMatch(/^Invalid regex: \(\?<=a\)b \(lookbehind/);
    expect(refusal(await save(['must contain: , ,']))).toEqual([
      'outputCheckConditions',
      "'must contain:' needs at least one word after it.",
    ]);
    expect(refusal(await save(['no personal data: passport']))).toEqual([
      'outputCheckConditions',
      "Unknown personal data 'passport': write email, phone, iban or credit card.",
    ]);
    expect(await readLlm(w.admin, llm.llmId)).toMatchObject({
      outputCheckConditions: [],
      guardrailsMessage: '',
    });
    const created = await w.admin('POST', '/api/llm/create', {
      llmDisplayName: `Guarded ${uniqueKey()}`,
      llmProvider: 'openai',
      outputCheckConditions: ['must match: [unclosed'],
    });
    expect(created.statusCode).toBe(400);
  });
});

/**
 * Guardrails on Test answers (issue 23: 'trip a guardrail'): a failing check gives the guardrails
 * message with the condition named; an input check stops the message before the provider is asked;
 * plain-language conditions are judged by the provider; with no provider only local checks run.
 */
describe.each(testDatabases())('guardrails on test answers on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let w: LlmWorld;
  let llmId: string;
  const judged: string[] = [];

  beforeAll(async () => {
    provider = await startOpenAiProtocolServer({
      apiKey: 'sk-guardrails',
      answer: (request) => {
        if (request.messages.at(-1)?.content === 'Tell me two things.')
          return 'Laptops are swapped at the service desk. A lost badge costs 15 euros to replace.';
        if (!request.system.startsWith("You check a chatbot's text")) return extractiveAnswer(request);
        const text = request.messages.at(-1)?.content ?? '';
        judged.push(text);
        // Condition 1 is 'Never talk about money': broken when the text names euros.
        return JSON.stringify({ broken: /euros/.test(text.split('Text:')[1] ?? '') ? [1] : [] });
      },
    });
    server = await startTestServer(kind, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-guardrails' });
    w = await buildLlmWorld(server);
    const llm = await createLlm(w.admin, {
      llmDisplayName: `Guarded ${uniqueKey()}`,
      llmProvider: 'openai',
      model: 'gpt-4o-mini',
    });
    llmId = llm.llmId;
    expectStatus(
      await uploadLlmFile(server, w.world.tenantAdmin.token, llmId, 'handbook.txt', handbookText()),
      200,
    );
    expectStatus(await w.admin('POST', `${llmPath(llmId)}/train`), 200);
    await pollUntil(
      'training',
      () => readLlm(w.admin, llmId),
      (l) => l.isComplete || l.training.state === 'failed',
      {
        timeoutMs: 60_000,
      },
    );
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const guard = async (outputCheckConditions: string[]) =>
    expectStatus(
      await w.manager('POST', `${llmPath(llmId)}/update`, {
        outputCheckConditions,
        guardrailsMessage: 'I cannot say.',
      }),
      200,
    );
  const ask = async (message: string) =>
    expectStatus(await w.manager('POST', `${llmPath(llmId)}/test`, { message }), 200).json() as LlmTestAnswer;

  test('a local check that fails gives the guardrails message, naming the condition, without sources', async () => {
    await guard(['must not contain: paid leave']);
    const answer = await ask('How many days of paid leave does an employee get?');
    expect(answer).toMatchObject({
      answer: 'I cannot say.',
      sources: [],
      mode: 'provider',
      notice: 'A guardrail stopped this answer: must not contain: paid leave',
      guardrail: { target: 'output', condition: 'must not contain: paid leave' },
    });
    await guard(['must not contain: helicopter', 'no personal data']);
    const passed = await ask('How many days of paid leave does an employee get?');
    expect(passed.answer).toContain('27 days of paid leave');
    expect(passed.guardrail).toBeUndefined();
  });

  test("an 'input:' check stops the message before anything is looked up or asked", async () => {
    await guard(['input: must not contain: salary']);
    const chats = provider.requests.filter((r) => r.route === 'chat').length;
    const answer = await ask('What is the salary of my manager?');
    expect(answer).toMatchObject({
      answer: 'I cannot say.',
      guardrail: { target: 'input', condition: 'input: must not contain: salary' },
      notice: 'A guardrail stopped this message: input: must not contain: salary',
    });
    expect(provider.requests.filter((r) => r.route === 'chat').length).toBe(chats);
  });

  test('a plain-language condition is judged by the provider', async () => {
    await guard(['Never talk about money']);
    const badge = await ask('What does replacing a lost access badge cost?');
    expect(badge.guardrail).toEqual({ target: 'output', condition: 'Never talk about money' });
    expect(judged.at(-1)).toContain('1. Never talk about money');
    const leave = await ask('How many days of paid leave does an employee get?');
    expect(leave.answer).toContain('27 days of paid leave');
  });

  test('in a conversation that splits replies, each sentence goes once it passed; the failing one becomes the message', async () => {
    await guard(['must not contain: euros']);
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    const request = { llmId, message: 'Tell me two things.', history: [] };
    const split = await llmTalkOf(server.ctx, scope, w.world.tenantB, {
      splitSentences: true,
      asyncGuardrails: true,
    }).answer(request);
    expect(split.parts).toEqual(['Laptops are swapped at the service desk.', 'I cannot say.']);
    const whole = await llmTalkOf(server.ctx, scope, w.world.tenantB, {
      splitSentences: false,
      asyncGuardrails: false,
    }).answer(request);
    expect(whole.text).toBe('I cannot say.');
    expect(whole.parts).toBeUndefined();
    // Both answers count in the LLM's statistics, with the LLM step's time.
    const month = new Date().toISOString().slice(0, 7).split('-');
    const metrics = expectStatus(
      await w.manager('GET', `${llmPath(llmId)}/metrics?year=${month[0]}&month=${Number(month[1])}`),
      200,
    ).json();
    expect(metrics.maximums.llmBlockTotalTime).toBeGreaterThan(0);
  });
});
