import { type LlmTestAnswer, LLM_MESSAGES as M } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from './support/admin-world';
import { testDatabases } from './support/databases';
import { HANDBOOK_TOPICS, handbookText, llmPath, trainedHandbookLlm } from './support/llms';
import { startTestServer, type TestServer } from './support/test-server';

const QUESTION = 'How many days of paid leave does an employee get?';
const LEAVE = HANDBOOK_TOPICS[0]?.fact as string;

/**
 * Issue 23's acceptance check: Parley started with OPENAI_BASE_URL and OPENAI_API_KEY pointing at a
 * local OpenAI-protocol server; an LLM created, a plain-text handbook uploaded, trained, tested: the
 * provider is asked with the right passage (not the whole handbook) and the answer names the
 * document among its sources. Then on a server with no provider the answer is the passage itself.
 */
describe.each(testDatabases())('the LLM acceptance check on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let bare: TestServer;

  beforeAll(async () => {
    provider = await startOpenAiProtocolServer({ apiKey: 'sk-acceptance' });
    server = await startTestServer(kind, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-acceptance' });
    bare = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await provider?.close();
  });

  test('with the local OpenAI-protocol server the provider answers from the one right passage', async () => {
    const { token } = await server.signUpFirstAdmin();
    const admin = as(server, token);
    const llm = await trainedHandbookLlm(server, admin, token);
    expect(llm.isComplete).toBe(true);
    expect(llm.training).toMatchObject({ state: 'succeeded', message: M.trainSucceeded, progress: 100 });
    const [document] = llm.documents;
    expect(document).toMatchObject({ name: 'handbook.txt', status: 'trained' });
    expect(document?.passages).toBeGreaterThan(llm.amountOfDocs);

    const answer = expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/test`, { message: QUESTION }),
      200,
    ).json() as LlmTestAnswer;
    expect(answer.mode).toBe('provider');
    expect(answer.answer).toContain('27 days of paid leave');
    expect(answer.sources[0]).toMatchObject({ documentName: 'handbook.txt' });
    expect(answer.sources[0]?.passage).toContain(LEAVE);

    const chats = provider.requests.filter((r) => r.route === 'chat');
    const sent = chats.at(-1)?.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('gpt-4o-mini');
    const prompt = sent.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain(LEAVE);
    expect(prompt).toContain(QUESTION);
    // Not the whole handbook: most topics' facts never reach the provider.
    const factsSent = HANDBOOK_TOPICS.filter((t) => prompt.includes(t.fact)).length;
    expect(factsSent).toBeLessThanOrEqual(llm.amountOfDocs);
    expect(prompt.length).toBeLessThan(handbookText().length / 2);
  }, 120_000);

  test('with no provider configured the answer is the passage itself, with its source and a notice', async () => {
    const { token } = await bare.signUpFirstAdmin();
    const admin = as(bare, token);
    const llm = await trainedHandbookLlm(bare, admin, token);
    expect(llm.isComplete).toBe(true);
    const answer = expectStatus(
      await admin('POST', `${llmPath(llm.llmId)}/test`, { message: QUESTION }),
      200,
    ).json() as LlmTestAnswer;
    expect(answer).toMatchObject({ mode: 'retrieval-only', notice: M.noProviderNotice });
    expect(answer.answer).toContain(LEAVE);
    expect(answer.sources[0]).toMatchObject({ documentName: 'handbook.txt' });
  }, 120_000);
});
