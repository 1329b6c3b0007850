import { type Llm, llmPromptSizeSchema, LLM_MESSAGES as M } from '@parley/contracts';
import { countTokens } from '@parley/llm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import { createFuzzLog, fuzzSender, HOSTILE_RAW_BODIES, HOSTILE_VALUES, hostileBodies } from './support/fuzz';
import { buildLlmWorld, createLlm, type LlmWorld, llmPath } from './support/llms';
import { uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * POST /api/llm/{id}/prompt-size (issue 23; docs/decisions.md 'Prompt size'): the tokens of the
 * prompt's fixed part, as the Prompt tab is being edited, against the model's context window.
 */
describe.each(testDatabases())('the prompt size on %s', (kind) => {
  let server: TestServer;
  let w: LlmWorld;
  let llm: Llm;
  const size = (llmId: string) => `${llmPath(llmId)}/prompt-size`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildLlmWorld(server);
    llm = await createLlm(w.admin, {
      llmDisplayName: `Sized ${uniqueKey()}`,
      llmProvider: 'openai',
      model: 'gpt-4',
      persona: 'You are the help desk of Example Ltd.',
    });
  });
  afterAll(() => server?.close());

  test('counts the draft fields (unsaved edits count) against the model’s window, the saved ones where left out', async () => {
    const saved = llmPromptSizeSchema.parse(
      expectStatus(await w.admin('POST', size(llm.llmId), {}), 200).json(),
    );
    expect(saved).toMatchObject({ model: 'gpt-4', contextWindow: 8192, answerTokens: 1024, warning: null });
    const persona = 'You answer politely and briefly. '.repeat(100);
    const draft = llmPromptSizeSchema.parse(
      expectStatus(await w.admin('POST', size(llm.llmId), { persona }), 200).json(),
    );
    // The draft persona replaces the saved one: its tokens are added, less the saved persona's.
    expect(draft.promptTokens - saved.promptTokens).toBe(
      countTokens(persona.trim(), 'gpt-4') - countTokens('You are the help desk of Example Ltd.', 'gpt-4'),
    );
    expect(draft.passageTokens).toBe(8192 - 1024 - draft.promptTokens);
    expect(draft.warning).toBeNull();
    // A JSON answer's schema is part of the prompt.
    const json = llmPromptSizeSchema.parse(
      expectStatus(
        await w.admin('POST', size(llm.llmId), { output: 'json', outputSchema: '{"type":"object"}' }),
        200,
      ).json(),
    );
    expect(json.promptTokens).toBeGreaterThan(saved.promptTokens + 5);
    // Nothing was saved.
    const read = expectStatus(await w.admin('GET', llmPath(llm.llmId)), 200).json();
    expect(read.persona).toBe('You are the help desk of Example Ltd.');
  });

  test('warns above half the room left after the answer, and says when nothing fits', async () => {
    const long = 'Always mention the opening hours and the phone number of the office. '.repeat(270);
    const tight = llmPromptSizeSchema.parse(
      expectStatus(await w.admin('POST', size(llm.llmId), { persona: long }), 200).json(),
    );
    const share = tight.promptTokens / (8192 - 1024);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(1);
    expect(tight.warning).toBe(M.promptTooLarge(Math.round(share * 100)));
    const over = llmPromptSizeSchema.parse(
      expectStatus(
        await w.admin('POST', size(llm.llmId), {
          persona: long,
          generalInstructions: long,
          formatInstructions: long,
        }),
        200,
      ).json(),
    );
    expect(over.passageTokens).toBe(0);
    expect(over.warning).toBe(M.promptDoesNotFit);
  });

  test('the contracts’ limits: a field over 20,000 characters is refused with a 400', async () => {
    const response = await w.admin('POST', size(llm.llmId), { persona: 'x'.repeat(20_001) });
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toEqual(['persona', 'A text has at most 20000 characters.']);
    const unknown = await w.admin('POST', size(llm.llmId), { model: 'gpt-4o' });
    expect(unknown.statusCode).toBe(400);
  });

  test('permissions as reading an LLM: 50 and 51 may, a Designer and a stranger may not', async () => {
    for (const call of [w.manager, w.exporter])
      expectStatus(await call('POST', size(llm.llmId), { persona: 'a' }), 200);
    for (const call of [w.designer, w.stranger]) {
      const response = await call('POST', size(llm.llmId), { persona: 'a' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('permission_error');
    }
  });

  test('tenant isolation: another tenant’s LLM is not found', async () => {
    const response = await w.master('POST', size(llm.llmId), { persona: 'a' });
    expect(response.statusCode).toBe(404);
  });

  test('hostile bodies never answer 5xx; the longest runs without spaces answer within seconds', async () => {
    const log = createFuzzLog();
    const send = fuzzSender(server, w.world.tenantAdmin.token, log);
    const base = {
      persona: 'p',
      generalInstructions: 'g',
      formatInstructions: 'f',
      historyInstructions: 'h',
      output: 'json',
      outputSchema: '{"type":"object"}',
    };
    for (const body of hostileBodies(base, [...HOSTILE_VALUES, 'json', '\u0000', '\ud800']))
      await send('POST', size(llm.llmId), body);
    for (const raw of HOSTILE_RAW_BODIES)
      await send('POST', size(llm.llmId), raw, { 'content-type': 'application/json' });
    expect(log.failures).toEqual([]);
    // A byte-pair merge of one 20,000-character word took seconds, of CJK text a minute.
    const started = performance.now();
    const worst = await w.admin('POST', size(llm.llmId), {
      persona: 'a'.repeat(20_000),
      generalInstructions: '漢字かな'.repeat(5000),
      formatInstructions: '👍🏽'.repeat(5000),
    });
    expect(worst.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(llmPromptSizeSchema.parse(worst.json()).warning).toBe(M.promptDoesNotFit);
  }, 120_000);
});
