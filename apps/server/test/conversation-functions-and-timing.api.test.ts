import type { ServerMessage } from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startConversation, takeTurn } from '../src/services/conversations/conversation-turns.service';
import { takeScheduledTurn } from '../src/services/conversations/scheduled-turns.service';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { intentFlowPath, subFlowPath } from './support/flows';
import { createFunction } from './support/functions';
import { startPublish, waitForSync } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

type TurnMessage = Extract<ServerMessage, { type: 'conversation:turn' }>;

/**
 * A flow that calls the bot's functions (issue 10): a code function run in its sandbox, a sub
 * flow that asks its own question, and a Delay whose wait is a scheduled job, not a sleep.
 */
describe.each(testDatabases())('flows calling functions, sub flows and delays on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call & { token: string };
  let baseUrl: string;
  const BOT = 'Delivery Bot';

  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.listen();
    world = await buildAdminWorld(server);
    admin = Object.assign(as(server, world.tenantAdmin), { token: world.tenantAdmin.token });
    await createBot(admin, BOT);
    await createIntent(admin, BOT, {
      name: 'Deliver',
      utterances: ['deliver my parcel', 'i want a delivery', 'please deliver it', 'send the parcel'],
    });
    await createFunction(admin, BOT, {
      type: 'code',
      name: 'Greet',
      code: 'return { text: "Dear " + name };',
      inputs: [{ name: 'name', defaultValue: 'customer' }],
      outputs: [{ variableName: 'greeting', propertyPath: 'text' }],
    });
    await createFunction(admin, BOT, { type: 'code', name: 'Broken', code: 'throw new Error("no stock");' });
    await createFunction(admin, BOT, {
      type: 'flow',
      name: 'Ask street',
      inputs: [{ name: 'city', defaultValue: 'Paris' }],
    });
    const subFlow = await buildFlowXml(
      [
        { block: 'askQuestion', fields: { question: 'Which street in [city]?' }, outputs: ['street'] },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    expectStatus(
      await admin('POST', `${subFlowPath(BOT, 'Ask street')}/flow`, { xml: encodeURIComponent(subFlow) }),
      200,
    );
    expectStatus(
      await admin('PUT', `${subFlowPath(BOT, 'Ask street')}/published-version`, { versionName: 'v1' }),
      200,
    );
    const xml = await buildFlowXml(
      [
        { function: 'Greet', fields: { name: 'Ada' } },
        { function: 'Ask street', fields: { city: 'Lyon' } },
        { block: 'message', fields: { message: '[greeting], your parcel goes to [street], [city].' } },
        { block: 'blockDelay', fields: { duration: 1 } },
        { block: 'message', fields: { message: 'Delivered.' } },
        { function: 'Broken' },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    expectStatus(await admin('PUT', `${intentFlowPath(BOT, 'Deliver')}/test-version`, { xml }), 200);
    const { syncId } = await startPublish(admin, BOT);
    expect((await waitForSync(admin, BOT, syncId)).state).toBe('Succeeded');
  }, 120_000);
  afterAll(() => server?.close());

  /** The bot's test conversations as `userKey`, taken through the runtime directly (no socket). */
  async function directChat(userKey: string) {
    const tenantId = (await server.ctx.repos.tenants.list()).find((t) => !t.isMaster)?.id ?? '';
    const scope = server.ctx.repos.forTenant(tenantId);
    const bot = await scope.bots.get(BOT);
    if (!bot) throw new Error(`${BOT} was not made`);
    const origin = {
      channel: { id: 'test-chat', name: 'Test chat' },
      userKey,
      isTest: true,
      target: 'test' as const,
    };
    return {
      tenantId,
      scope,
      bot,
      start: () => startConversation(scope, bot, origin),
      say: (conversationId: string, text: string) =>
        takeTurn(server.ctx, scope, bot, conversationId, origin, { type: 'text', text }),
    };
  }

  /** The General tab as a new bot has it; each test changes what it needs and puts it back. */
  const DEFAULT_GENERAL = {
    displayName: BOT,
    delay: 0,
    continueOldConversations: false,
    idleTimeout: 1,
    idleText: '',
    confidence: 0.7,
    lowConfidence: 0.3,
  };
  const settingsPath = `/api/bots/${encodeURIComponent(BOT)}/settings/general`;

  /** A test chat started over HTTP and followed over the websocket, as the test chat does. */
  async function followTestChat(body?: Record<string, unknown>) {
    const started = expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(BOT)}/test-chat`, body),
      201,
    ).json();
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket: TestSocket = await openSocket(socketUrl(baseUrl, admin.token));
    await socket.subscribe(topic);
    return { started, topic, socket };
  }

  test('the flow runs the code function and the sub flow, then the delay resumes it without a message', async () => {
    const { started, topic, socket } = await followTestChat();
    const nextTurn = async (after: number, timeoutMs = 15_000) =>
      (await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= after,
        timeoutMs,
      )) as TurnMessage;
    const say = async (text: string) => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      return nextTurn(before);
    };

    const asked = await say('please deliver my parcel');
    expect(asked.activities).toEqual([{ type: 'text', text: 'Which street in Lyon?' }]);
    expect(asked.details.variables).toEqual(
      expect.arrayContaining([
        { name: 'greeting', type: 'string', value: 'Dear Ada' },
        { name: 'city', type: 'string', value: 'Lyon' },
      ]),
    );

    const beforeAnswer = socket.messages.length;
    const answered = await say('Rue Mercière');
    expect(answered.activities).toEqual([
      { type: 'text', text: 'Dear Ada, your parcel goes to Rue Mercière, Lyon.' },
    ]);
    // No process sleeps through the delay: the turn ended, and a scheduled turn goes on.
    const resumed = await nextTurn(beforeAnswer + 1);
    expect(resumed.said).toBeUndefined();
    expect(resumed.activities).toEqual([
      { type: 'text', text: 'Delivered.' },
      { type: 'text', text: expect.any(String) },
    ]);
    expect(resumed.details.error).toBe('Function Broken failed: Error: no stock');
    socket.close();

    // The log shows the messages, not the resuming event.
    const log = expectStatus(
      await admin('GET', `/api/bots/${encodeURIComponent(BOT)}/conversations/${started.conversationId}`),
      200,
    ).json() as { messages: Array<{ type: string; message: { type: string; text?: string } }> };
    expect(log.messages.map((m) => `${m.type}:${m.message.text ?? m.message.type}`)).toEqual([
      'received:please deliver my parcel',
      'sent:Which street in Lyon?',
      'received:Rue Mercière',
      'sent:Dear Ada, your parcel goes to Rue Mercière, Lyon.',
      'sent:Delivered.',
      `sent:${resumed.activities[1]?.type === 'text' ? resumed.activities[1].text : ''}`,
    ]);
  }, 60_000);

  test('a message during the delay ends the wait at once, and the scheduled turn then does nothing', async () => {
    const { tenantId, scope, bot, start, say } = await directChat('designer');
    const conversation = await start();
    const send = (text: string) => say(conversation.id, text);
    const turnCount = async () => (await scope.conversations(bot.id).get(conversation.id))?.turnCount;
    await send('deliver my parcel');
    expect((await send('Quai Saint-Antoine')).activities).toHaveLength(1);
    const waitingAt = await turnCount();
    const early = await send('are you there?');
    expect(early.activities[0]).toEqual({ type: 'text', text: 'Delivered.' });

    // The job scheduled by the delay comes too late: the conversation moved on, it takes no turn.
    const after = await turnCount();
    await takeScheduledTurn(server.ctx, {
      kind: 'resume',
      tenantId,
      botId: bot.id,
      conversationId: conversation.id,
      atTurn: waitingAt ?? -1,
    });
    expect(await turnCount()).toBe(after);
  }, 30_000);

  test('silence: while the bot waits, the idle text comes once after the idle timeout, and the answer still counts', async () => {
    const general = { ...DEFAULT_GENERAL, idleTimeout: 0.5, idleText: 'Are you still there?' };
    expectStatus(await admin('PUT', settingsPath, general), 200);
    try {
      const { topic, socket } = await followTestChat();
      const turnAfter = (index: number) =>
        socket.waitFor((m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) > index, 10_000);
      socket.send(
        JSON.stringify({
          type: 'conversation:say',
          topic,
          activity: { type: 'text', text: 'deliver my parcel' },
        }),
      );
      const asked = (await turnAfter(-1)) as TurnMessage;
      expect(asked.activities).toEqual([{ type: 'text', text: 'Which street in Lyon?' }]);
      const idle = (await turnAfter(socket.messages.indexOf(asked))) as TurnMessage;
      expect(idle.said).toBeUndefined();
      expect(idle.activities).toEqual([{ type: 'text', text: 'Are you still there?' }]);

      // Once per wait: the next message on the socket is the answer's turn, not another reminder.
      socket.send(
        JSON.stringify({
          type: 'conversation:say',
          topic,
          activity: { type: 'text', text: 'Rue de la Paix' },
        }),
      );
      const answered = (await turnAfter(socket.messages.indexOf(idle))) as TurnMessage;
      expect(answered.said).toEqual({ type: 'text', text: 'Rue de la Paix' });
      expect(answered.activities[0]).toEqual({
        type: 'text',
        text: 'Dear Ada, your parcel goes to Rue de la Paix, Lyon.',
      });
      socket.close();
    } finally {
      expectStatus(await admin('PUT', settingsPath, DEFAULT_GENERAL), 200);
    }
  }, 30_000);

  test('continue old conversations: a tester who opens the chat again goes on where they were, Restart starts anew', async () => {
    const general = { ...DEFAULT_GENERAL, continueOldConversations: true };
    const chatPath = `/api/bots/${encodeURIComponent(BOT)}/test-chat`;
    expectStatus(await admin('PUT', settingsPath, general), 200);
    try {
      const first = expectStatus(await admin('POST', chatPath, { startNew: true }), 201).json();
      expect(first).toMatchObject({ isContinued: false, history: [] });
      const designer = await directChat(world.tenantAdmin.email);
      await designer.say(first.conversationId, 'deliver my parcel');

      const again = expectStatus(await admin('POST', chatPath), 201).json();
      expect(again.conversationId).toBe(first.conversationId);
      expect(again.isContinued).toBe(true);
      expect(again.history).toEqual([
        { from: 'user', activity: { type: 'text', text: 'deliver my parcel' } },
        { from: 'bot', activity: { type: 'text', text: 'Which street in Lyon?' } },
      ]);
      // The conversation goes on where it waited: the answer is the street.
      const answered = await designer.say(again.conversationId, 'Rue Neuve');
      expect(answered.activities[0]).toEqual({
        type: 'text',
        text: 'Dear Ada, your parcel goes to Rue Neuve, Lyon.',
      });

      const restarted = expectStatus(await admin('POST', chatPath, { startNew: true }), 201).json();
      expect(restarted.conversationId).not.toBe(first.conversationId);
      expect(restarted.isContinued).toBe(false);

      // Off again: every opening is a new conversation.
      expectStatus(await admin('PUT', settingsPath, { ...general, continueOldConversations: false }), 200);
      expect(expectStatus(await admin('POST', chatPath), 201).json().conversationId).not.toBe(
        restarted.conversationId,
      );
      expectStatus(await admin('POST', chatPath, { startNew: 'yes' }), 400);
    } finally {
      expectStatus(await admin('PUT', settingsPath, DEFAULT_GENERAL), 200);
    }
  }, 30_000);

  test('flow statistics count the starts and block passes of each flow version from the logged turns', async () => {
    const intentStats = `${intentFlowPath(BOT, 'Deliver')}/statistics?versionName=v1`;
    const subStats = `${subFlowPath(BOT, 'Ask street')}/statistics?versionName=v1`;
    const read = async (path: string) =>
      expectStatus(await admin('GET', path), 200).json() as {
        flowTriggers: number;
        blockHits: Record<string, number>;
      };
    // Earlier tests' conversations resume after their 1 s delay: count from once none is left to.
    const counts = async () => {
      const { flowTriggers, blockHits } = await read(intentStats);
      return JSON.stringify([flowTriggers, blockHits]);
    };
    const settled = async () => {
      for (;;) {
        const first = await counts();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        if ((await counts()) === first) return;
      }
    };
    await settled();
    const before = { intent: await read(intentStats), sub: await read(subStats) };

    const stats = await directChat('stats');
    const conversation = await stats.start();
    await stats.say(conversation.id, 'deliver my parcel');
    await stats.say(conversation.id, 'Rue Royale');
    // The delay's scheduled turn goes on within a second: wait for it, so what is counted is the whole walk.
    await expect
      .poll(
        async () =>
          (
            expectStatus(
              await admin('GET', `/api/bots/${encodeURIComponent(BOT)}/conversations/${conversation.id}`),
              200,
            ).json() as { messages: Array<{ message: { text?: string } }> }
          ).messages.some((m) => m.message.text === 'Delivered.'),
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);

    const after = { intent: await read(intentStats), sub: await read(subStats) };
    const added = (now: Record<string, number>, was: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(now)
          .map(([id, n]) => [id, n - (was[id] ?? 0)])
          .filter(([, n]) => n !== 0),
      );
    expect(after.intent.flowTriggers - before.intent.flowTriggers).toBe(1);
    // Start, the code function, the sub-flow block (the second turn goes on after it), the message, the
    // delay twice (reached, then resumed), the last message and the failing function.
    expect(Object.values(added(after.intent.blockHits, before.intent.blockHits)).sort()).toEqual([
      1, 1, 1, 1, 1, 1, 2,
    ]);
    expect(after.sub.flowTriggers - before.sub.flowTriggers).toBe(1);
    // The question twice (asked, then answered) and the end.
    expect(Object.values(added(after.sub.blockHits, before.sub.blockHits)).sort()).toEqual([1, 1, 2]);

    expectStatus(await admin('GET', `${intentFlowPath(BOT, 'Deliver')}/statistics?versionName=v9`), 404);
    expectStatus(await admin('GET', `${intentFlowPath(BOT, 'Deliver')}/statistics?versionName=latest`), 400);
    expectStatus(
      await admin('GET', `${intentFlowPath(BOT, 'Deliver')}/statistics?versionName=v1&days=0`),
      400,
    );
    expectStatus(await admin('GET', `${intentFlowPath(BOT, 'Nope')}/statistics?versionName=v1`), 404);
  }, 30_000);

  test("Test Sub Flow: the sub flow's latest saved version starts at once and is talked to like any test chat", async () => {
    const chatPath = `/api/bots/${encodeURIComponent(BOT)}/test-chat`;
    // A newer version, saved but not published: the test runs it.
    const draft = await buildFlowXml(
      [
        { block: 'askQuestion', fields: { question: 'Street in [city], please?' }, outputs: ['street'] },
        { block: 'message', fields: { message: 'Noted: [street].' } },
        { end: 'endFlow' },
      ],
      { languages: ['en'] },
    );
    expectStatus(
      await admin('POST', `${subFlowPath(BOT, 'Ask street')}/flow`, { xml: encodeURIComponent(draft) }),
      200,
    );
    const { started, topic, socket } = await followTestChat({ subFlow: 'Ask street' });
    expect(started.history).toEqual([
      { from: 'bot', activity: { type: 'text', text: 'Street in Paris, please?' } },
    ]);

    socket.send(
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'Rue Neuve' } }),
    );
    const answered = (await socket.waitFor((m) => m.type === 'conversation:turn', 10_000)) as TurnMessage;
    expect(answered.activities).toEqual([{ type: 'text', text: 'Noted: Rue Neuve.' }]);
    socket.close();

    // The published version still runs in ordinary conversations.
    const log = expectStatus(
      await admin('GET', `/api/bots/${encodeURIComponent(BOT)}/conversations/${started.conversationId}`),
      200,
    ).json() as { conversation: { channel: string }; messages: unknown[] };
    expect(log.messages).toHaveLength(3);

    expectStatus(await admin('POST', chatPath, { subFlow: 'Greet' }), 404);
    expectStatus(await admin('POST', chatPath, { subFlow: 'No such flow' }), 404);
    expectStatus(await admin('POST', chatPath, { subFlow: '' }), 400);
    expectStatus(await admin('POST', chatPath, { subFlow: 42 }), 400);
  }, 30_000);
});
