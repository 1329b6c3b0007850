import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectStatus } from './support/admin-world';
import { refusal } from './support/bot-content';
import { testDatabases } from './support/databases';
import { buildLlmWorld, createLlm, type LlmWorld, llmPath, readLlm } from './support/llms';
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
