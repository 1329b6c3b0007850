import {
  AppError,
  CHAT_READINESS_MESSAGES,
  DEFAULT_SYSTEM_MESSAGES,
  type ServerMessage,
} from '@parley/contracts';
import { buildFlowXml } from '@parley/flows';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ConversationOrigin,
  startConversation,
  takeTurn,
} from '../src/services/conversations/conversation-turns.service';
import { type AdminWorld, as, buildAdminWorld, type Call, expectStatus } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { runCli } from './support/cli';
import { parseCsv } from './support/csv';
import { testDatabases } from './support/databases';
import { intentFlowPath } from './support/flows';
import { PIZZA_INTENTS, PIZZA_ORDER_FLOW } from './support/pizza-bot';
import { startPublish, waitForSync } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

const TEST_CHAT: ConversationOrigin = {
  channel: { id: 'test-chat', name: 'Test chat' },
  userKey: 'designer',
  isTest: true,
  target: 'test',
};

/**
 * The runtime on the server (issue 10): a bot's published model picks the intent, the flow
 * activated to test answers, the state and the turns are kept in the database.
 */
describe.each(testDatabases())('talking to a bot on %s', (kind) => {
  let server: TestServer;
  let world: AdminWorld;
  let admin: Call & { token: string };
  let bots = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildAdminWorld(server);
    admin = Object.assign(as(server, world.tenantAdmin), { token: world.tenantAdmin.token });
  });
  afterAll(() => server?.close());

  /** A new bot that takes pizza orders: two intents, the order flow activated to test, published. */
  async function pizzaBot(options: { publish?: boolean } = {}) {
    bots += 1;
    const name = `Pizza Bot ${bots}`;
    await createBot(admin, name);
    for (const intent of PIZZA_INTENTS) await createIntent(admin, name, intent);
    const xml = await buildFlowXml(PIZZA_ORDER_FLOW, { languages: ['en'] });
    expectStatus(await admin('PUT', `${intentFlowPath(name, 'OrderPizza')}/test-version`, { xml }), 200);
    if (options.publish !== false) {
      const { syncId } = await startPublish(admin, name);
      expect((await waitForSync(admin, name, syncId)).state).toBe('Succeeded');
    }
    const scope = server.ctx.repos.forTenant(
      (await server.ctx.repos.tenants.list()).find((t) => !t.isMaster)?.id ?? '',
    );
    const bot = await scope.bots.get(name);
    if (!bot) throw new Error('the bot was not made');
    return { name, scope, bot };
  }

  test('an order: the intent starts its flow, the answers fill the variables, the state and turns are kept', async () => {
    const { scope, bot } = await pizzaBot();
    const conversation = await startConversation(scope, bot, TEST_CHAT);
    const send = async (text: string) =>
      takeTurn(server.ctx, scope, bot, conversation.id, TEST_CHAT, { type: 'text', text });

    const first = await send('I would like to order a pizza');
    expect(first.activities).toEqual([{ type: 'text', text: 'Which pizza would you like?' }]);
    expect(first.trace.recognition?.intent).toBe('OrderPizza');
    expect(first.trace.flowTriggered).toBe('OrderPizza');
    expect((await scope.conversations(bot.id).get(conversation.id))?.state).toMatchObject({
      waiting: { flow: 'OrderPizza' },
    });

    expect((await send('Margherita')).activities).toEqual([
      { type: 'options', text: 'Which size?', options: ['Small', 'Large'] },
    ]);
    expect((await send('large')).activities).toEqual([
      { type: 'text', text: 'One Large Margherita is on its way.' },
    ]);

    const turns = await scope.conversations(bot.id).turnsOf(conversation.id);
    expect(turns.map((t) => [t.direction, (t.activity as { text: string }).text])).toEqual([
      ['in', 'I would like to order a pizza'],
      ['out', 'Which pizza would you like?'],
      ['in', 'Margherita'],
      ['out', 'Which size?'],
      ['in', 'large'],
      ['out', 'One Large Margherita is on its way.'],
    ]);
    expect(turns[0]).toMatchObject({ intent: 'OrderPizza', flow: 'OrderPizza' });
    expect(turns[0]?.confidence).toBeGreaterThan(0.7);
    // The answers went to the waiting blocks, not to the recognizer.
    expect(turns[2]).toMatchObject({ intent: null, confidence: null });
  });

  test('the history download lists every message of every conversation, received and sent', async () => {
    const { name, scope, bot } = await pizzaBot();
    const first = await startConversation(scope, bot, TEST_CHAT);
    const second = await startConversation(scope, bot, { ...TEST_CHAT, userKey: 'someone "else"' });
    await takeTurn(server.ctx, scope, bot, first.id, TEST_CHAT, { type: 'text', text: 'order pizza' });
    await takeTurn(server.ctx, scope, bot, first.id, TEST_CHAT, { type: 'text', text: '=SUM(A1)' });
    await takeTurn(server.ctx, scope, bot, second.id, TEST_CHAT, {
      type: 'text',
      text: 'pizza please, "quick"',
    });
    const response = await admin('GET', `/api/bots/${encodeURIComponent(name)}/message-history`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="bot-${name}-history.csv"`);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      'conversationId',
      'timestamp',
      'user',
      'type',
      'message',
      'messageFirstReceived',
      'messageTextSent',
      'messageSpeechSent',
    ]);
    // Each conversation's messages together, in order (two conversations started in one
    // millisecond may come in either order).
    const of = (id: string) => rows.filter((r) => r[0] === id).map((r) => [r[0], r[2], r[3], r[4]]);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.slice(0, 2).map((r) => r[0])).size).toBe(1);
    expect(of(first.id)).toEqual([
      [first.id, 'designer', 'received', 'order pizza'],
      [first.id, 'designer', 'sent', 'Which pizza would you like?'],
      // A cell a spreadsheet would run as a formula is defused.
      [first.id, 'designer', 'received', "'=SUM(A1)"],
      [first.id, 'designer', 'sent', 'Which size? [Small | Large]'],
    ]);
    expect(of(second.id)).toEqual([
      [second.id, 'someone "else"', 'received', 'pizza please, "quick"'],
      [second.id, 'someone "else"', 'sent', 'Which pizza would you like?'],
    ]);
    // A sent message carries when its user message came in and when it went out.
    const firstRows = rows.filter((r) => r[0] === first.id);
    expect(firstRows[1]?.[5]).toBe(firstRows[0]?.[1]);
    expect(firstRows[1]?.[6]).toBe(firstRows[1]?.[1]);
  });

  test('the conversation log lists the recent conversations and shows one with its messages and times', async () => {
    const { name, scope, bot } = await pizzaBot();
    const conversation = await startConversation(scope, bot, TEST_CHAT);
    await takeTurn(server.ctx, scope, bot, conversation.id, TEST_CHAT, { type: 'text', text: 'order pizza' });
    const base = `/api/bots/${encodeURIComponent(name)}/conversations`;
    const listed = expectStatus(await admin('GET', base), 200).json();
    expect(listed).toEqual([
      {
        conversationId: conversation.id,
        user: 'designer',
        channel: 'test-chat',
        isTest: true,
        isAnalyticsDisabled: false,
        startedAt: expect.any(String),
        lastActivityAt: expect.any(String),
      },
    ]);
    expect(expectStatus(await admin('GET', `${base}?hours=2`), 200).json()).toHaveLength(1);
    const refused = await admin('GET', `${base}?hours=5`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation_error', fieldName: 'hours' });

    const shown = expectStatus(await admin('GET', `${base}/${conversation.id}`), 200).json();
    expect(shown.messages.map((m: { type: string; message: unknown }) => [m.type, m.message])).toEqual([
      ['received', { type: 'text', text: 'order pizza' }],
      ['sent', { type: 'text', text: 'Which pizza would you like?' }],
    ]);
    expect(shown.messages[1].statistics).toEqual({
      messageFirstReceived: shown.messages[0].timestamp,
      messageTextSent: shown.messages[1].timestamp,
      messageSpeechSent: null,
    });
    expect((await admin('GET', `${base}/no-such-conversation`)).statusCode).toBe(404);
    expect((await as(server, world.plainUser)('GET', base)).statusCode).toBe(403);
  });

  test('an intent without a flow active on test, an unpublished bot and an empty message get clear answers', async () => {
    const { scope, bot } = await pizzaBot();
    const conversation = await startConversation(scope, bot, TEST_CHAT);
    const send = (text: string) =>
      takeTurn(server.ctx, scope, bot, conversation.id, TEST_CHAT, { type: 'text', text });
    const noFlow = await send('when are you open today');
    expect(noFlow.trace.error).toBe('Intent Opening has no active flow.');
    expect(noFlow.activities).toEqual([
      { type: 'text', text: DEFAULT_SYSTEM_MESSAGES.unexpectedErrorMessage },
    ]);
    expect((await send('   ')).activities).toEqual([
      { type: 'text', text: DEFAULT_SYSTEM_MESSAGES.messageTextEmpty },
    ]);

    const unpublished = await pizzaBot({ publish: false });
    const other = await startConversation(unpublished.scope, unpublished.bot, TEST_CHAT);
    const answer = await takeTurn(server.ctx, unpublished.scope, unpublished.bot, other.id, TEST_CHAT, {
      type: 'text',
      text: 'order pizza',
    });
    expect(answer.activities).toEqual([
      { type: 'text', text: DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold },
    ]);
  });

  test('two messages of one conversation sent at once are answered one after the other', async () => {
    const { scope, bot } = await pizzaBot();
    const conversation = await startConversation(scope, bot, TEST_CHAT);
    const send = (text: string) =>
      takeTurn(server.ctx, scope, bot, conversation.id, TEST_CHAT, { type: 'text', text });
    await send('order pizza');
    const [pizza, size] = await Promise.all([send('Hawaii'), send('Small')]);
    expect(pizza.activities).toEqual([{ type: 'options', text: 'Which size?', options: ['Small', 'Large'] }]);
    expect(size.activities).toEqual([{ type: 'text', text: 'One Small Hawaii is on its way.' }]);
  });

  test('two processes on one database take turns of one conversation one at a time', async () => {
    const { name, scope, bot } = await pizzaBot();
    const redisUrl = process.env.TEST_REDIS_URL;
    const other = await startTestServer(kind, {
      DATA_DIR: server.ctx.config.dataDir,
      DATABASE_URL: server.ctx.config.databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
    try {
      const otherScope = other.ctx.repos.forTenant(bot.tenantId);
      const otherBot = await otherScope.bots.get(name);
      if (!otherBot) throw new Error('the other process does not see the bot');
      const conversation = await startConversation(scope, bot, TEST_CHAT);
      const on = (process: 'a' | 'b', text: string) =>
        process === 'a'
          ? takeTurn(server.ctx, scope, bot, conversation.id, TEST_CHAT, { type: 'text', text })
          : takeTurn(other.ctx, otherScope, otherBot, conversation.id, TEST_CHAT, { type: 'text', text });
      await on('a', 'order pizza');
      // Each process serialises only its own turns; the database refuses the second store of one state.
      const answers = await Promise.all([on('a', 'Hawaii'), on('b', 'Calzone')]);
      const stored = await scope.conversations(bot.id).get(conversation.id);
      expect(stored?.turnCount).toBe(3);
      const turns = await scope.conversations(bot.id).turnsOf(conversation.id);
      expect(turns.filter((t) => t.direction === 'in')).toHaveLength(3);
      // One answer took the pizza, the other came after it and met the size question.
      const texts = answers.map((a) => a.activities.map((x) => ('text' in x ? x.text : '')).join(' '));
      expect(texts.filter((t) => t === 'Which size?')).toHaveLength(2);
      expect(['Hawaii', 'Calzone']).toContain(
        (stored?.state.variables as { Pizza?: string } | undefined)?.Pizza,
      );
    } finally {
      await other.close();
    }
  });

  test('a server restart in the middle of a conversation: the restarted process goes on where it waited', async () => {
    const { name, bot } = await pizzaBot();
    const sameData = { DATA_DIR: server.ctx.config.dataDir, DATABASE_URL: server.ctx.config.databaseUrl };
    const before = await startTestServer(kind, sameData);
    const beforeScope = before.ctx.repos.forTenant(bot.tenantId);
    const beforeBot = await beforeScope.bots.get(name);
    if (!beforeBot) throw new Error('the process does not see the bot');
    const conversation = await startConversation(beforeScope, beforeBot, TEST_CHAT);
    const say = (on: TestServer, scope: typeof beforeScope, talking: typeof beforeBot, text: string) =>
      takeTurn(on.ctx, scope, talking, conversation.id, TEST_CHAT, { type: 'text', text });
    await say(before, beforeScope, beforeBot, 'order pizza');
    await say(before, beforeScope, beforeBot, 'Quattro Formaggi');
    await before.close();

    const after = await startTestServer(kind, sameData);
    try {
      const afterScope = after.ctx.repos.forTenant(bot.tenantId);
      const afterBot = await afterScope.bots.get(name);
      if (!afterBot) throw new Error('the restarted process does not see the bot');
      const done = await say(after, afterScope, afterBot, 'Small');
      expect(done.activities).toEqual([{ type: 'text', text: 'One Small Quattro Formaggi is on its way.' }]);
    } finally {
      await after.close();
    }
  });

  test('a conversation that does not exist is a 404 error', async () => {
    const { scope, bot } = await pizzaBot({ publish: false });
    const refused = await takeTurn(server.ctx, scope, bot, 'no-such-conversation', TEST_CHAT, {
      type: 'text',
      text: 'hi',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 404 });
    expect((refused as AppError).data).toEqual({
      details: 'There is no conversation no-such-conversation of this bot.',
    });
  });

  test('parley chat talks to the bot from the terminal, one message per line; --json prints one object per activity', async () => {
    const { name, scope, bot } = await pizzaBot();
    const talk = await runCli(server, ['chat', name], {}, 'order pizza\nPepperoni\n2\n');
    expect(talk.stderr).toBe('');
    expect(talk.code).toBe(0);
    expect(talk.stdout).toBe(
      [
        'Which pizza would you like?',
        'Which size?',
        '  [1] Small',
        '  [2] Large',
        'One Large Pepperoni is on its way.',
        '',
      ].join('\n'),
    );
    const json = await runCli(server, ['chat', name, '--json'], {}, 'order pizza\n');
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([{ type: 'text', text: 'Which pizza would you like?' }]);
    // The terminal's conversations are logged like any other.
    const logged = await scope.conversations(bot.id).list();
    expect(logged.map((c) => c.channel)).toEqual(['terminal', 'terminal']);

    const unknown = await runCli(server, ['chat', 'No Such Bot'], {}, 'hi\n');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: There is no bot named "No Such Bot".\n');
  }, 90_000);
  test('the test chat: started over HTTP, talked in over the websocket, continued after reconnecting', async () => {
    const { name } = await pizzaBot();
    const baseUrl = await server.listen();
    const token = admin.token;
    const started = expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(name)}/test-chat`),
      201,
    ).json();
    expect(started).toEqual({
      conversationId: expect.any(String),
      botId: expect.any(String),
      language: 'en',
      isContinued: false,
      history: [],
    });
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const say = async (socket: TestSocket, text: string) => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      const turn = await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
        10_000,
      );
      return turn as Extract<ServerMessage, { type: 'conversation:turn' }>;
    };

    const first = await openSocket(socketUrl(baseUrl, token));
    expect(await first.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    const ordered = await say(first, 'can i get a pizza delivered');
    expect(ordered.activities).toEqual([{ type: 'text', text: 'Which pizza would you like?' }]);
    expect(ordered.details).toMatchObject({ intent: 'OrderPizza', flowTriggered: 'OrderPizza', error: null });
    expect(ordered.details.intents[0]).toMatchObject({ intent: 'OrderPizza' });
    const named = await say(first, 'Funghi');
    expect(named.details.variables).toEqual([{ name: 'Pizza', type: 'string', value: 'Funghi' }]);
    first.close();
    await first.closed;

    // A dropped connection loses nothing: the conversation goes on where it was.
    const second = await openSocket(socketUrl(baseUrl, token));
    await second.subscribe(topic);
    const done = await say(second, 'Small');
    expect(done.activities).toEqual([{ type: 'text', text: 'One Small Funghi is on its way.' }]);
    second.close();
  });

  test('is-chat-ready says what is missing; the state of a conversation shows where it waits and its variables', async () => {
    const unpublished = await pizzaBot({ publish: false });
    const readiness = async (bot: string) =>
      expectStatus(await admin('GET', `/api/bots/${encodeURIComponent(bot)}/is-chat-ready`), 200).json();
    expect(await readiness(unpublished.name)).toEqual({
      isReady: false,
      reasons: [CHAT_READINESS_MESSAGES.notPublished],
    });
    const ready = await pizzaBot();
    expect(await readiness(ready.name)).toEqual({ isReady: true, reasons: [] });

    const started = expectStatus(
      await admin('POST', `/api/bots/${encodeURIComponent(ready.name)}/test-chat`),
      201,
    ).json();
    const conversation = started.conversationId as string;
    const turn = (text: string) =>
      takeTurn(server.ctx, ready.scope, ready.bot, conversation, TEST_CHAT, { type: 'text', text });
    await turn('order pizza');
    await turn('Diavola');
    expect(expectStatus(await admin('GET', `/api/conversation/${conversation}/state`), 200).json()).toEqual({
      conversationId: conversation,
      botName: ready.name,
      waitingAt: { flow: 'OrderPizza', blockId: expect.any(String) },
      variables: [{ name: 'Pizza', type: 'string', value: 'Diavola' }],
    });
    // Someone without the test chat of that bot, and an id that does not exist, learn nothing.
    const outsider = as(server, world.plainUser);
    for (const response of [
      await outsider('GET', `/api/conversation/${conversation}/state`),
      await admin('GET', '/api/conversation/no-such-conversation/state'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });

  test('the test chat needs the Test bot permission on the bot; an unknown bot is 404', async () => {
    const { name } = await pizzaBot({ publish: false });
    const path = `/api/bots/${encodeURIComponent(name)}/test-chat`;
    const outsider = as(server, world.plainUser);
    expect((await outsider('POST', path)).statusCode).toBe(403);
    expect((await admin('POST', '/api/bots/No%20Such%20Bot/test-chat')).statusCode).toBe(404);
  });
});
