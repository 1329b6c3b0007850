import type { Llm, OutboundActivity } from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import { extractiveAnswer, type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConversation, takeTurn } from '../src/services/conversations/conversation-turns.service';
import { takeScheduledTurn } from '../src/services/conversations/scheduled-turns.service';
import { as, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath } from './support/flows';
import { HANDBOOK_TOPICS, trainedHandbookLlm } from './support/llms';
import { startPublish, waitForSync } from './support/publishing';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Staff Bot';
const LEAVE = HANDBOOK_TOPICS[0]?.fact as string;
const texts = (activities: OutboundActivity[]) => activities.map((a) => ('text' in a ? a.text : a.type));

/**
 * The tenant's LLMs in conversations (issue 23 'In conversations'): an LLM block talks in the test
 * chat from the handbook with its sources, leaves when the user says goodbye (autoExit), on an intent
 * (recognizerExit) and on inactivity; chit-chat answers below the low threshold. The provider is a
 * local OpenAI-protocol server that ends a talk when told goodbye.
 */
describe.each(testDatabases())('LLMs in conversations on %s', (kind) => {
  let provider: OpenAiProtocolServer;
  let server: TestServer;
  let admin: Call;
  let llm: Llm;

  beforeAll(async () => {
    provider = await startOpenAiProtocolServer({
      apiKey: 'sk-talk',
      answer: (request) => {
        const question = request.messages.at(-1)?.content.split('\n').at(-1) ?? '';
        if (request.system.includes('[[END]]') && /\bbye\b/i.test(question))
          return 'Goodbye, and enjoy your holidays! [[END]]';
        if (question === 'ask the handbook') return 'What would you like to know?';
        // The stand-in's sentence nearest the question, from the passages (not the instructions or the talk).
        const passages = request.system.split('Passages:').slice(1).join('');
        return extractiveAnswer({ ...request, system: passages, messages: request.messages.slice(-1) });
      },
    });
    server = await startTestServer(kind, { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-talk' });
    const { token } = await server.signUpFirstAdmin();
    admin = as(server, token);
    llm = await trainedHandbookLlm(server, admin, token);
    await createBot(admin, BOT);
    await createIntent(admin, BOT, {
      name: 'AskHandbook',
      utterances: ['ask the handbook', 'i have a question about the handbook', 'question for the handbook'],
    });
    await createIntent(admin, BOT, {
      name: 'OrderLaptop',
      utterances: ['order a laptop', 'i want to order a new laptop', 'buy a laptop'],
    });
    const talk = await buildFlowXml(
      [
        {
          llm: llm.llmDisplayName,
          fields: {
            llmId: llm.llmId,
            recognizerExit: true,
            autoExit: true,
            exitInactivity: true,
            maxMessages: 3,
          },
        },
        { block: 'message', fields: { message: 'Back in the flow.' } },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    const order = await buildFlowXml(
      [{ block: 'message', fields: { message: 'Laptop ordered.' } }, { end: 'endFlow' }],
      { languages: ['en'] },
    );
    expectStatus(
      await admin('PUT', `${intentFlowPath(BOT, 'AskHandbook')}/test-version`, { xml: talk }),
      200,
    );
    expectStatus(
      await admin('PUT', `${intentFlowPath(BOT, 'OrderLaptop')}/test-version`, { xml: order }),
      200,
    );
    const { syncId } = await startPublish(admin, BOT);
    expect((await waitForSync(admin, BOT, syncId)).state).toBe('Succeeded');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  async function chat(userKey: string) {
    const { tenantId } = expectStatus(await admin('GET', `/api/bots/${encodeURIComponent(BOT)}`), 200).json();
    const scope = server.ctx.repos.forTenant(tenantId);
    const bot = await scope.bots.get(BOT);
    if (!bot) throw new Error(`${BOT} was not made`);
    const origin = {
      channel: { id: 'test-chat', name: 'Test chat' },
      userKey,
      isTest: true,
      target: 'test' as const,
    };
    const conversation = await startConversation(scope, bot, origin);
    const send = async (text: string) => {
      const answer = await takeTurn(server.ctx, scope, bot, conversation.id, origin, {
        type: 'text',
        text,
      });
      return answer.activities;
    };
    return { send, scope, bot, tenantId, conversationId: conversation.id };
  }

  test('the LLM block answers from the handbook with its sources, keeps the talk and leaves on goodbye', async () => {
    const { send } = await chat('talker');
    expect(texts(await send('ask the handbook'))).toEqual(['What would you like to know?']);
    const before = provider.requests.length;
    const answer = await send('how many days of paid leave does an employee get');
    expect(answer).toHaveLength(1);
    expect(texts(answer)[0]).toContain('27 days of paid leave');
    expect(answer[0]).toMatchObject({
      sources: expect.arrayContaining([expect.objectContaining({ documentName: 'handbook.txt' })]),
    });
    // The talk so far went with the question.
    const sent = provider.requests.slice(before).find((r) => r.route === 'chat')?.body as {
      messages: { role: string; content: string }[];
    };
    const [system, ...talk] = sent.messages;
    expect(system?.content).toContain(LEAVE);
    expect(talk.map((m) => `${m.role}: ${m.content}`)).toEqual([
      'user: ask the handbook',
      'assistant: What would you like to know?',
      'user: how many days of paid leave does an employee get',
    ]);
    expect(texts(await send('thanks, bye'))).toEqual([
      'Goodbye, and enjoy your holidays!',
      'Back in the flow.',
    ]);
  }, 60_000);

  test('an intent the user clearly asks for leaves the block; silence leaves it by Inactivity', async () => {
    const asking = await chat('switcher');
    await asking.send('ask the handbook');
    expect(texts(await asking.send('order a laptop'))).toEqual(['Laptop ordered.']);

    // Silence: the turn scheduled by the block (5 minutes later) leaves it by Inactivity.
    const silent = await chat('silent');
    await silent.send('ask the handbook');
    const waiting = await silent.scope.conversations(silent.bot.id).get(silent.conversationId);
    await takeScheduledTurn(server.ctx, {
      tenantId: silent.tenantId,
      botId: silent.bot.id,
      conversationId: silent.conversationId,
      kind: 'inactivity',
      atTurn: waiting?.turnCount ?? -1,
    });
    const turns = await silent.scope.conversations(silent.bot.id).turnsOf(silent.conversationId);
    expect(turns.at(-1)?.activity).toEqual({ type: 'text', text: 'Back in the flow.' });
  }, 60_000);

  test('chit-chat: below the low threshold the chosen LLM answers, then the below-threshold message', async () => {
    const settingsPath = `/api/bots/${encodeURIComponent(BOT)}/settings/general`;
    const general = {
      displayName: BOT,
      delay: 0,
      continueOldConversations: false,
      idleTimeout: 1,
      idleText: '',
      confidence: 0.7,
      lowConfidence: 0.3,
    };
    expectStatus(
      await admin('PUT', settingsPath, {
        ...general,
        chitChatEnabled: true,
        chitChatModel: llm.llmId,
        belowThresholdLimit: 1,
      }),
      200,
    );
    try {
      const { send } = await chat('small-talker');
      const first = texts(await send('is the canteen vegetarian on thursday'));
      expect(first[0]).toContain('vegetarian lunch every Thursday');
      const second = texts(await send('zebra quantum marmalade'));
      expect(second).toHaveLength(1);
      expect(second[0]).not.toContain('vegetarian');
    } finally {
      expectStatus(await admin('PUT', settingsPath, { ...general, chitChatEnabled: false }), 200);
    }
  }, 60_000);

  test('with maskAIData the provider never sees what the masking patterns cover; the user gets the answer', async () => {
    const gdprPath = `/api/bots/${encodeURIComponent(BOT)}/gdpr/settings`;
    const gdpr = expectStatus(await admin('GET', gdprPath), 200).json();
    const masked = {
      ...gdpr,
      maskAIData: true,
      maskingPatterns: [{ name: 'Email', pattern: '[^@\\s]+@[^@\\s]+' }],
    };
    expectStatus(await admin('PUT', gdprPath, masked), 200);
    try {
      const { send } = await chat('private');
      await send('ask the handbook');
      const before = provider.requests.length;
      const said = texts(await send('mail ada@example.com how many days of paid leave does an employee get'));
      expect(said[0]).toContain('27 days of paid leave');
      const sent = JSON.stringify(provider.requests.slice(before).map((r) => r.body));
      expect(sent).not.toContain('ada@example.com');
      expect(sent).toContain('mail [Email] how many days');
    } finally {
      expectStatus(await admin('PUT', gdprPath, gdpr), 200);
    }
  }, 60_000);

  test('a failing provider gives the unexpected-error message, not a hung turn', async () => {
    const { send } = await chat('unlucky');
    await send('ask the handbook');
    // The last test: the provider fails from now on.
    provider.inject({ kind: 'server-error', route: 'chat', times: Number.POSITIVE_INFINITY });
    const said = texts(await send('where can I park my car'));
    expect(said).toHaveLength(1);
    expect(said[0]).not.toContain('garage');
  }, 60_000);
});
