import type { ChatMessageView, ChatRatingView, ServerMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { as, type Call, expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { createBot } from './support/bots';
import { parseCsv } from './support/csv';
import { testDatabases } from './support/databases';
import { createFunction } from './support/functions';
import { publishTestFlows } from './support/publishing';
import { openSocket, socketUrl } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

type TurnMessage = Extract<ServerMessage, { type: 'conversation:turn' }>;

/** How long the Slow function keeps the bot busy before it answers. */
const SLOW_MS = 150;

/**
 * The conversation log and the chat history calls of spec 02 section 7 (issue 22): when each
 * message came and went, the conversations listed, the recent messages, the users' ratings, the
 * utterances download, the web widget's switch and the bot's Direct Line registration.
 */
describe.each(testDatabases())('the conversation log and its calls on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  let cast: ContentWorld;
  let admin: Call & { token: string };
  const BOT = 'Log Bot';
  const bot = encodeURIComponent(BOT);

  beforeAll(async () => {
    server = await startTestServer(kind);
    baseUrl = await server.listen();
    cast = await buildContentWorld(server, BOT);
    admin = Object.assign(as(server, cast.world.tenantAdmin), { token: cast.world.tenantAdmin.token });
    await createIntent(admin, BOT, {
      name: 'Order',
      utterances: ['where is my order', 'track my order', 'has my order shipped', 'order status please'],
    });
    await createIntent(admin, BOT, {
      name: 'Feedback',
      utterances: ['i want to give feedback', 'rate the service', 'leave a review', 'can i rate you'],
    });
    await createFunction(admin, BOT, {
      type: 'code',
      name: 'Slow',
      code: `const end = Date.now() + ${SLOW_MS}; while (Date.now() < end) {} return { ok: true };`,
    });
    await publishTestFlows(admin, BOT, {
      Order: [
        { function: 'Slow' },
        { block: 'message', fields: { message: 'Your order ships today.' } },
        { end: 'endFlow' },
      ],
      Feedback: [
        { block: 'showRating', fields: { suggestion: 'How did we do?' }, outputs: ['Rating'] },
        { block: 'message', fields: { message: 'Thank you!' } },
        { end: 'endFlow' },
      ],
    });
  }, 120_000);
  afterAll(() => server?.close());

  /** A test chat as the test chat opens it (started over HTTP, talked to over the websocket). */
  async function openTestChat(body: Record<string, unknown> = {}) {
    const started = expectStatus(await admin('POST', `/api/bots/${bot}/test-chat`, body), 201).json() as {
      conversationId: string;
      botId: string;
    };
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    const socket = await openSocket(socketUrl(baseUrl, admin.token));
    await socket.subscribe(topic);
    const say = async (text: string) => {
      const before = socket.messages.length;
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      return (await socket.waitFor(
        (m) => m.type === 'conversation:turn' && socket.messages.indexOf(m) >= before,
        15_000,
      )) as TurnMessage;
    };
    return { conversationId: started.conversationId, say, close: () => socket.close() };
  }

  const listed = async () =>
    (
      expectStatus(await admin('GET', `/api/bots/${bot}/conversations?hours=2`), 200).json() as Array<{
        conversationId: string;
      }>
    ).map((c) => c.conversationId);

  const history = async (query: string, call: Call = admin) =>
    expectStatus(
      await call('GET', `/api/bots/${bot}/conversation/log${query}`),
      200,
    ).json() as ChatMessageView[];

  test("a bot reply is logged when it was ready, after the user's message: the log shows how long it took", async () => {
    const chat = await openTestChat();
    const turn = await chat.say('where is my order');
    expect(turn.activities).toEqual([{ type: 'text', text: 'Your order ships today.' }]);
    chat.close();

    const log = expectStatus(
      await admin('GET', `/api/bots/${bot}/conversations/${chat.conversationId}`),
      200,
    ).json() as { messages: ChatMessageView[] };
    const [received, sent] = log.messages;
    expect(received).toMatchObject({ type: 'received', message: { text: 'where is my order' } });
    expect(sent).toMatchObject({ type: 'sent', message: { text: 'Your order ships today.' } });
    if (!received || !sent) throw new Error('two messages expected');
    expect(sent.statistics.messageFirstReceived).toBe(received.timestamp);
    expect(sent.statistics.messageTextSent).toBe(sent.timestamp);
    const answeredAfter = Date.parse(sent.timestamp) - Date.parse(received.timestamp);
    expect(answeredAfter).toBeGreaterThanOrEqual(SLOW_MS - 10);
    expect(answeredAfter).toBeLessThan(10_000);

    // The history download says the same.
    const csv = parseCsv(
      expectStatus(await admin('GET', `/api/bots/${bot}/message-history`), 200).body,
    ).filter((row) => row[0] === chat.conversationId);
    expect(csv.map((row) => [row[3], row[1], row[5]])).toEqual([
      ['received', received.timestamp, received.timestamp],
      ['sent', sent.timestamp, received.timestamp],
    ]);
  }, 30_000);

  test('a test chat opened and left without a word is not listed; once something is said, it is', async () => {
    const chat = await openTestChat({ startNew: true });
    expect(await listed()).not.toContain(chat.conversationId);
    await chat.say('where is my order');
    chat.close();
    expect(await listed()).toContain(chat.conversationId);
  }, 30_000);

  test('GET /conversation/log: the messages of the time filter, of one conversation when asked; bad filters are 400', async () => {
    const chat = await openTestChat({ startNew: true });
    await chat.say('track my order');
    chat.close();
    const all = await history('?hours=2');
    const mine = all.filter((m) => m.conversationId === chat.conversationId);
    expect(mine.map((m) => `${m.type}:${'text' in m.message ? m.message.text : ''}`)).toEqual([
      'received:track my order',
      'sent:Your order ships today.',
    ]);
    expect(all.map((m) => m.timestamp)).toEqual([...all.map((m) => m.timestamp)].sort());

    const one = await history(`?hours=336&conversationId=${chat.conversationId}`);
    expect(one).toEqual(mine);
    expect(await history('?hours=2&conversationId=no-such-conversation')).toEqual([]);

    for (const [query, field] of [
      ['?hours=5', 'hours'],
      ['?hours=abc', 'hours'],
      [`?conversationId=${'x'.repeat(101)}`, 'conversationId'],
    ] as const) {
      const refused = expectStatus(await admin('GET', `/api/bots/${bot}/conversation/log${query}`), 400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', fieldName: field });
    }
  }, 30_000);

  test('GET /conversation/log/latest: what was said after the newest message a client has; a bad since is 400', async () => {
    const chat = await openTestChat({ startNew: true });
    await chat.say('has my order shipped');
    const [first] = await history(`?conversationId=${chat.conversationId}`);
    const seen = (
      expectStatus(
        await admin('GET', `/api/bots/${bot}/conversation/log/latest?conversationId=${chat.conversationId}`),
        200,
      ).json() as ChatMessageView[]
    ).at(-1);
    if (!first || !seen) throw new Error('messages expected');
    expect(seen.type).toBe('sent');

    await chat.say('order status please');
    chat.close();
    const latest = expectStatus(
      await admin(
        'GET',
        `/api/bots/${bot}/conversation/log/latest?since=${encodeURIComponent(seen.timestamp)}`,
      ),
      200,
    ).json() as ChatMessageView[];
    expect(latest.map((m) => [m.conversationId, m.type, 'text' in m.message ? m.message.text : ''])).toEqual([
      [chat.conversationId, 'received', 'order status please'],
      [chat.conversationId, 'sent', 'Your order ships today.'],
    ]);
    expect(latest[1]?.statistics.messageFirstReceived).toBe(latest[0]?.timestamp);

    // A sent message whose user message came before `since` still says when that one came.
    const received = latest[0];
    if (!received) throw new Error('a received message expected');
    const after = expectStatus(
      await admin(
        'GET',
        `/api/bots/${bot}/conversation/log/latest?since=${encodeURIComponent(received.timestamp)}`,
      ),
      200,
    ).json() as ChatMessageView[];
    expect(after).toEqual([latest[1]]);

    for (const since of ['yesterday', '2026-13-01T00:00:00Z', '1']) {
      const refused = expectStatus(
        await admin('GET', `/api/bots/${bot}/conversation/log/latest?since=${since}`),
        400,
      );
      expect(refused.json()).toMatchObject({
        code: 'validation_error',
        fieldName: 'since',
        message: 'since must be a date and time (ISO 8601), such as 2026-11-25T10:00:00.000Z.',
      });
    }
  }, 30_000);

  test('the chat history needs See conversation log (6): the Designer and a stranger are refused', async () => {
    for (const call of [cast.designer, cast.stranger]) {
      for (const path of ['conversation/log', 'conversation/log/latest']) {
        const refused = expectStatus(await call('GET', `/api/bots/${bot}/${path}`), 403);
        expect(refused.json().code).toBe('permission_error');
      }
    }
  });

  test("GET /conversation/ratings/{month}/{year}: the users' ratings of the month; analytics-disabled ones left out", async () => {
    const rate = async (answer: string, options: Record<string, unknown> = {}) => {
      const chat = await openTestChat({ startNew: true, ...options });
      const asked = await chat.say('i want to give feedback');
      expect(asked.activities[0]).toMatchObject({ type: 'rating', text: 'How did we do?' });
      const thanked = await chat.say(answer);
      chat.close();
      return { conversationId: chat.conversationId, thanked };
    };
    const satisfied = await rate('Satisfied');
    expect(satisfied.thanked.activities).toEqual([{ type: 'text', text: 'Thank you!' }]);
    // By the option's number, as the block takes it: the 5th is 'Very unsatisfied'.
    const unhappy = await rate('5');
    const hidden = await rate('Very Satisfied', { isAnalyticsDisabled: true });

    const now = new Date();
    const ratingsOf = async (month: number, year: number, call: Call = admin) =>
      expectStatus(
        await call('GET', `/api/bots/${bot}/conversation/ratings/${month}/${year}`),
        200,
      ).json() as ChatRatingView[];
    const ratings = await ratingsOf(now.getUTCMonth() + 1, now.getUTCFullYear());
    expect(ratings).toEqual([
      {
        rating: 4,
        feedback: 'Satisfied',
        timestamp: expect.any(String),
        conversationId: satisfied.conversationId,
      },
      {
        rating: 1,
        feedback: 'Very unsatisfied',
        timestamp: expect.any(String),
        conversationId: unhappy.conversationId,
      },
    ]);
    expect(ratings.map((r) => r.conversationId)).not.toContain(hidden.conversationId);
    // The Designer sees the dashboard's figures too.
    expect(await ratingsOf(now.getUTCMonth() + 1, now.getUTCFullYear(), cast.designer)).toEqual(ratings);
    const lastYear = now.getUTCFullYear() - 1;
    expect(await ratingsOf(now.getUTCMonth() + 1, lastYear)).toEqual([]);

    for (const [path, field] of [
      ['13/2026', 'month'],
      ['0/2026', 'month'],
      ['x/2026', 'month'],
      ['1/1999', 'year'],
      ['1/20.5', 'year'],
    ] as const) {
      const refused = expectStatus(await admin('GET', `/api/bots/${bot}/conversation/ratings/${path}`), 400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', fieldName: field });
    }
    expect(
      expectStatus(await cast.stranger('GET', `/api/bots/${bot}/conversation/ratings/1/2026`), 403).json()
        .code,
    ).toBe('permission_error');
  }, 60_000);

  test('GET /api/utterances?bot=: what users typed, with the intent and score, as utterances.csv', async () => {
    const chat = await openTestChat({ startNew: true });
    await chat.say('=where is my order');
    chat.close();
    const hidden = await openTestChat({ startNew: true, isAnalyticsDisabled: true });
    await hidden.say('a secret test message');
    hidden.close();

    const response = expectStatus(await admin('GET', `/api/utterances?bot=${bot}`), 200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="utterances.csv"');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['timestamp', 'conversationId', 'channel', 'utterance', 'intent', 'score']);
    const mine = rows.find((row) => row[1] === chat.conversationId);
    // A cell a spreadsheet would run as a formula is quoted.
    expect(mine?.slice(2, 5)).toEqual(['test-chat', "'=where is my order", 'Order']);
    expect(Number(mine?.[5])).toBeGreaterThan(0);
    expect(rows.some((row) => row[1] === hidden.conversationId)).toBe(false);
    expect(rows.every((row) => row[3] !== 'Your order ships today.')).toBe(true);

    const missing = expectStatus(await admin('GET', '/api/utterances'), 400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', fieldName: 'bot' });
    expectStatus(await admin('GET', '/api/utterances?bot=No%20Such%20Bot'), 404);
    // Export logs (7) is needed, and a bot the caller has no role on is not told apart from none.
    for (const call of [cast.designer, cast.stranger]) {
      for (const name of [bot, 'No%20Such%20Bot']) {
        expect(expectStatus(await call('GET', `/api/utterances?bot=${name}`), 403).json().code).toBe(
          'permission_error',
        );
      }
    }
  }, 30_000);

  test('GET /web-widget: enabled when the test chat can answer (a flow active on test, a published model)', async () => {
    expect(expectStatus(await admin('GET', `/api/bots/${bot}/web-widget`), 200).json()).toEqual({
      enabled: true,
    });
    expect(expectStatus(await cast.designer('GET', `/api/bots/${bot}/web-widget`), 200).json()).toEqual({
      enabled: true,
    });
    await createBot(admin, 'Empty Bot');
    expect(expectStatus(await admin('GET', '/api/bots/Empty%20Bot/web-widget'), 200).json()).toEqual({
      enabled: false,
    });
    expectStatus(await cast.stranger('GET', `/api/bots/${bot}/web-widget`), 403);
    expectStatus(await admin('GET', '/api/bots/No%20Such%20Bot/web-widget'), 404);
  });

  test("GET /bcr: the bot's Direct Line keys by id, hints only, with the timeout and the endpoint", async () => {
    expect(expectStatus(await admin('GET', `/api/bots/${bot}/bcr`), 200).json()).toEqual({
      externalApiKeys: {},
      conversationIdLifeTime: 3600,
      directLineUrl: expect.stringMatching(/\/v3\/directline$/),
    });
    const generated = expectStatus(
      await admin('POST', `/api/external/${bot}/api-key/generate`, {}),
      200,
    ).json() as {
      apiKey: string;
      keyId: string;
    };
    const registration = expectStatus(await cast.designer('GET', `/api/bots/${bot}/bcr`), 200).json() as {
      externalApiKeys: Record<string, { keyId: string; apiKey: string; isLocked: boolean }>;
    };
    expect(Object.keys(registration.externalApiKeys)).toEqual([generated.keyId]);
    const key = registration.externalApiKeys[generated.keyId];
    expect(key).toMatchObject({ keyId: generated.keyId, isLocked: false });
    expect(key?.apiKey).not.toContain(generated.apiKey.slice(0, 20));
    expect(generated.apiKey.endsWith((key?.apiKey ?? '').replace(/^…/, ''))).toBe(true);
    expect(JSON.stringify(registration)).not.toContain(generated.apiKey);
    expect(expectStatus(await cast.stranger('GET', `/api/bots/${bot}/bcr`), 403).json().code).toBe(
      'permission_error',
    );
  });
});
