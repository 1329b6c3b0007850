import { botIdFor, Permission, publicTestChatPath, TEST_CHAT_LINK_MESSAGES } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CHAT_LIMITS } from '../src/services/conversations/test-chat-link.service';
import { as, type Call, expectStatus } from './support/admin-world';
import { buildContentWorld, type ContentWorld, createIntent } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { PIZZA_INTENTS, PIZZA_ORDER_FLOW } from './support/pizza-bot';
import { publishTestFlows } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

const MAINTAINER_ROLE = 3;
const PASSWORD_FORMAT = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;

/**
 * 'Share testchat' and the public test chat (spec 01 'Test chat extras'): the link's passwords
 * (permission 28), sessions opened with the password and rate limited, the visitor's chat over
 * the websocket confined to its own conversations, and 'Disable analytics'.
 */
describe.each(testDatabases())('sharing the test chat on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let baseUrl: string;
  let otherBotId: string;
  const BOT = 'Shared Pizza Bot';
  const OTHER_BOT = 'Other Shared Bot';
  const ext = (bot = BOT) => `${botPath(bot)}/ext-chat/password`;
  const int = (bot = BOT) => `${botPath(bot)}/int-chat/password`;
  let address = 0;
  /** Each test guesses from its own client address, so the attempt counts do not mix. */
  const freshAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  const openSession = (body: unknown, remoteAddress = '10.9.9.9') =>
    server.request({ method: 'POST', url: '/api/test-chat/sessions', body, remoteAddress });
  const startChat = (token?: string) =>
    server.request({
      method: 'POST',
      url: '/api/test-chat/conversations',
      ...(token ? { headers: { testchattoken: token } } : {}),
    });
  const visitorSocket = (token: string) =>
    openSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?app=parley&chatToken=${encodeURIComponent(token)}`);

  /** A session on the bot's link with its password, and the link. */
  async function visitor(bot = BOT) {
    const { password, linkId } = expectStatus(await w.admin('GET', ext(bot)), 200).json();
    const session = expectStatus(await openSession({ linkId, password }, freshAddress()), 201).json();
    return { linkId, password, token: session.token as string, session };
  }

  /** A started conversation of a session, followed over the visitor's socket. */
  async function visitorChat(token: string) {
    const started = expectStatus(await startChat(token), 201).json();
    const topic = {
      kind: 'conversation',
      botId: started.botId,
      conversationId: started.conversationId,
    } as const;
    const socket = await visitorSocket(token);
    expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    return { topic, socket };
  }

  const say = (socket: TestSocket, topic: object, text: string) =>
    socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));

  /** The bot's next answer over the socket (turns are counted so each call waits for a new one). */
  async function nextAnswer(socket: TestSocket, topic: object, text: string) {
    const before = socket.messages.filter((m) => m.type === 'conversation:turn').length;
    say(socket, topic, text);
    await socket.waitFor(
      () => socket.messages.filter((m) => m.type === 'conversation:turn').length > before,
      15_000,
    );
    return socket.messages.filter((m) => m.type === 'conversation:turn')[before] as unknown as {
      activities: unknown[];
      details: Record<string, unknown>;
    };
  }

  async function pizzaBot(call: Call, name: string) {
    await createBot(call, name);
    for (const intent of PIZZA_INTENTS) await createIntent(call, name, intent);
    await publishTestFlows(call, name, { OrderPizza: PIZZA_ORDER_FLOW });
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, 'Designer Bot');
    await pizzaBot(w.admin, BOT);
    await createBot(w.admin, OTHER_BOT);
    otherBotId = botIdFor(w.world.tenantB, OTHER_BOT);
    // Pat: Designer on Designer Bot (no permission 28); Maintainer (which has it) on the shared bot.
    expectStatus(
      await w.admin('POST', '/api/user/role', {
        userEmail: w.world.plainUser.email,
        botName: BOT,
        role: MAINTAINER_ROLE,
      }),
      200,
    );
    baseUrl = await server.listen();
  }, 120_000);
  afterAll(() => server?.close());

  test('the link password is made on the first GET, kept sealed, shown again, and a PUT resets it', async () => {
    const first = expectStatus(await w.admin('GET', ext()), 200).json();
    expect(first.password).toMatch(PASSWORD_FORMAT);
    // The link id is opaque: nothing of the tenant or the bot can be read or guessed from it.
    expect(first.linkId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.linkId.toLowerCase()).not.toContain('pizza');
    expect(expectStatus(await w.admin('GET', ext()), 200).json()).toEqual(first);
    // Pat holds permission 28 through Maintainer and sees the same password.
    expect(expectStatus(await w.designer('GET', ext()), 200).json()).toEqual(first);

    const row = await server.ctx.repos.db
      .selectFrom('test_chat_links')
      .selectAll()
      .where('link_id', '=', first.linkId)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^sealed1\./);
    expect(row.password).not.toContain(first.password);

    const reset = expectStatus(await w.admin('PUT', ext()), 200).json();
    expect(reset.linkId).toBe(first.linkId);
    expect(reset.password).toMatch(PASSWORD_FORMAT);
    expect(reset.password).not.toBe(first.password);
    expect(expectStatus(await w.admin('GET', ext()), 200).json()).toEqual(reset);
    // Every bot has a link of its own.
    expect(expectStatus(await w.admin('GET', ext(OTHER_BOT)), 200).json().linkId).not.toBe(first.linkId);
  });

  test('permission 28, tenant isolation and unknown bots', async () => {
    const routes: Array<['GET' | 'PUT', (bot?: string) => string]> = [
      ['GET', ext],
      ['PUT', ext],
      ['GET', int],
    ];
    for (const [method, path] of routes) {
      // Pat is a Designer on Designer Bot: the Test bot permission, not the link's.
      const refused = await w.designer(method, path('Designer Bot'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'permission_error',
        requiredPermission: Permission.ManageTestChatLink,
      });
      expect((await w.stranger(method, path())).statusCode).toBe(403);
      expect((await server.request({ method, url: path() })).statusCode).toBe(401);
      expect((await w.admin(method, path('No Such Bot'))).json()).toMatchObject({ code: 'not-found_error' });
      // The master administrator's own tenant does not hold tenant B's bot: as unknown as any other.
      const master = as(server, w.world.master);
      const elsewhere = await master(method, path());
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().code).toBe('not-found_error');
    }
    // A bot in the master tenant is unknown to tenant B's administrator.
    await createBot(as(server, w.world.master), 'Master Only Bot');
    expect((await w.admin('GET', ext('Master Only Bot'))).statusCode).toBe(404);
    expect((await w.admin('GET', int('Master Only Bot'))).statusCode).toBe(404);
  });

  test('the right password opens a session; a wrong one, an unknown link or a bad body do not', async () => {
    const { password, linkId } = expectStatus(await w.admin('GET', ext()), 200).json();
    const from = freshAddress();
    const session = expectStatus(await openSession({ linkId, password }, from), 201).json();
    expect(session).toEqual({
      token: expect.any(String),
      expiresAt: expect.any(String),
      websocketUrl: 'ws://parley.test/ws',
    });
    // A pasted password with spaces around it is the same password.
    expectStatus(await openSession({ linkId, password: ` ${password}\n` }, from), 201);

    const wrong = await openSession({ linkId, password: 'abcd-efgh-jkmn-pqrs' }, from);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'unauthorised_error_code',
      message: TEST_CHAT_LINK_MESSAGES.invalidPassword,
    });
    // Another bot's password does not open this link.
    const other = expectStatus(await w.admin('GET', ext(OTHER_BOT)), 200).json();
    expect((await openSession({ linkId, password: other.password }, from)).statusCode).toBe(401);
    const unknown = await openSession({ linkId: 'no-such-link', password }, from);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(TEST_CHAT_LINK_MESSAGES.invalidPassword);

    for (const body of [{}, { linkId }, { password }, { linkId, password, passwordType: 'other' }]) {
      expect((await openSession(body, from)).json().code).toBe('validation_error');
    }
  });

  test('password attempts are limited per bot and client address; the limit answers 429', async () => {
    const { password, linkId } = expectStatus(await w.admin('GET', ext()), 200).json();
    const from = freshAddress();
    // A right password gives its slot back: it never counts against the visitor.
    expectStatus(await openSession({ linkId, password }, from), 201);
    for (let i = 0; i < TEST_CHAT_LIMITS.passwordAttempts; i++) {
      expect((await openSession({ linkId, password: `guess-${i}` }, from)).statusCode).toBe(401);
    }
    const limited = await openSession({ linkId, password }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'rate_limit_error',
      message: TEST_CHAT_LINK_MESSAGES.tooManyAttempts(15),
      retryAfterSeconds: 900,
    });
    // Another address, and the same address on another bot, still get in.
    expectStatus(await openSession({ linkId, password }, freshAddress()), 201);
    const other = expectStatus(await w.admin('GET', ext(OTHER_BOT)), 200).json();
    expectStatus(await openSession({ linkId: other.linkId, password: other.password }, from), 201);
  });

  test('Open testlink: the int-chat pass opens the link without the password, for a few minutes', async () => {
    const pass = expectStatus(await w.admin('GET', int()), 200).json();
    const { linkId } = expectStatus(await w.admin('GET', ext()), 200).json();
    expect(pass.linkId).toBe(linkId);
    expect(Date.parse(pass.expiresAt) - Date.now()).toBeGreaterThan(10 * 60_000);
    expect(Date.parse(pass.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(publicTestChatPath(linkId, pass.password)).toBe(
      `/test-chat?id=${encodeURIComponent(linkId)}#pass=${encodeURIComponent(pass.password)}`,
    );
    const from = freshAddress();
    expectStatus(await openSession({ linkId, password: pass.password, passwordType: 'int' }, from), 201);
    // The pass is not the link's password, and it opens only its own link.
    expect((await openSession({ linkId, password: pass.password }, from)).statusCode).toBe(401);
    const other = expectStatus(await w.admin('GET', ext(OTHER_BOT)), 200).json();
    expect(
      (await openSession({ linkId: other.linkId, password: pass.password, passwordType: 'int' }, from))
        .statusCode,
    ).toBe(401);
    // A platform token is no pass either.
    expect(
      (await openSession({ linkId, password: w.world.tenantAdmin.token, passwordType: 'int' }, from))
        .statusCode,
    ).toBe(401);
  });

  test('a visitor talks to the test flows over the websocket; the conversation is in the log', async () => {
    const { token } = await visitor();
    const { topic, socket } = await visitorChat(token);
    const first = await nextAnswer(socket, topic, 'I would like to order a pizza');
    expect(first.activities).toEqual([{ type: 'text', text: 'Which pizza would you like?' }]);
    // The designer's details (intents, variables) are not sent to visitors.
    expect(first.details).toMatchObject({ intent: null, variables: [], intents: [] });
    expect((await nextAnswer(socket, topic, 'Margherita')).activities).toEqual([
      { type: 'options', text: 'Which size?', options: ['Small', 'Large'] },
    ]);
    socket.close();

    const listed = expectStatus(await w.admin('GET', `${botPath(BOT)}/conversations`), 200).json();
    const logged = listed.find((c: { conversationId: string }) => c.conversationId === topic.conversationId);
    expect(logged).toMatchObject({
      channel: 'test-chat-public',
      isTest: true,
      isAnalyticsDisabled: false,
      user: expect.stringMatching(/^visitor-/),
    });
    const shown = expectStatus(
      await w.admin('GET', `${botPath(BOT)}/conversations/${topic.conversationId}`),
      200,
    ).json();
    expect(shown.messages.map((m: { message: { text?: string } }) => m.message.text)).toEqual([
      'I would like to order a pizza',
      'Which pizza would you like?',
      'Margherita',
      'Which size?',
    ]);
  });

  test('the session token reaches nothing else: no platform API, no other bot, no other conversation', async () => {
    const { token } = await visitor();
    const { topic, socket } = await visitorChat(token);

    // Not a platform token, on any route or on the platform's socket.
    for (const url of ['/api/bots', '/api/users/info', `${botPath(BOT)}/conversations`, ext()]) {
      const response = await server.request({ method: 'GET', url, token });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (
        await server.request({
          method: 'GET',
          url: '/api/bots',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    await expect(openSocket(socketUrl(baseUrl, token))).rejects.toThrow('refused: 401');
    // A platform token is not a test chat session.
    expect((await startChat(w.world.tenantAdmin.token)).statusCode).toBe(401);
    await expect(visitorSocket(w.world.tenantAdmin.token)).rejects.toThrow('refused: 401');
    expect((await startChat()).statusCode).toBe(401);
    expect((await startChat(`${token.slice(0, -2)}xx`)).json()).toMatchObject({
      code: 'unauthorised_error_code',
      message: TEST_CHAT_LINK_MESSAGES.sessionEnded,
    });

    // Another visitor's conversation of the same bot, an internal test chat, another bot's chat.
    const someoneElse = await visitor();
    const theirs = expectStatus(await startChat(someoneElse.token), 201).json();
    const internal = expectStatus(await w.admin('POST', `${botPath(BOT)}/test-chat`), 201).json();
    const otherBot = await visitor(OTHER_BOT);
    const otherChat = expectStatus(await startChat(otherBot.token), 201).json();
    const refusedTopics = [
      { kind: 'conversation', botId: theirs.botId, conversationId: theirs.conversationId },
      { kind: 'conversation', botId: internal.botId, conversationId: internal.conversationId },
      { kind: 'conversation', botId: otherChat.botId, conversationId: otherChat.conversationId },
      // The other bot's conversation named under this bot's id: still not this session's.
      { kind: 'conversation', botId: topic.botId, conversationId: otherChat.conversationId },
      { kind: 'tenants' },
      { kind: 'bot-publishing', botId: topic.botId },
      { kind: 'user-notifications', userId: w.world.tenantAdmin.email },
    ] as const;
    for (const refused of refusedTopics) {
      expect(await socket.subscribe(refused)).toMatchObject({
        type: 'error',
        message: 'You may not follow this topic.',
      });
      socket.send(
        JSON.stringify({ type: 'conversation:say', topic: refused, activity: { type: 'text', text: 'hi' } }),
      );
    }
    await socket.sync();
    const turns = await server.ctx.repos
      .forTenant(w.world.tenantB)
      .conversations(theirs.botId)
      .turnsOf(theirs.conversationId);
    expect(turns).toEqual([]);
    expect(
      await server.ctx.repos
        .forTenant(w.world.tenantB)
        .conversations(otherBotId)
        .turnsOf(otherChat.conversationId),
    ).toEqual([]);
    // Still working for its own conversation.
    expect((await nextAnswer(socket, topic, 'pizza please')).activities).toHaveLength(1);
    socket.close();
  });

  test('a reset password ends the sessions opened with the old one, sockets included', async () => {
    const { token } = await visitor();
    const { topic, socket } = await visitorChat(token);
    expectStatus(await w.admin('PUT', ext()), 200);
    expect((await startChat(token)).json()).toMatchObject({
      code: 'unauthorised_error_code',
      message: TEST_CHAT_LINK_MESSAGES.sessionEnded,
    });
    say(socket, topic, 'pizza please');
    expect((await socket.closed).code).toBe(4401);
    await expect(visitorSocket(token)).rejects.toThrow('refused: 401');
    // The new password opens a new session.
    expectStatus(await startChat((await visitor()).token), 201);
  });

  test('Disable analytics: the conversation is logged and marked; analytics leave it out', async () => {
    const path = `${botPath(BOT)}/test-chat`;
    const plain = expectStatus(await w.admin('POST', path), 201).json();
    const marked = expectStatus(await w.admin('POST', path, { isAnalyticsDisabled: true }), 201).json();
    const notMarked = expectStatus(await w.admin('POST', path, { isAnalyticsDisabled: false }), 201).json();
    for (const body of [{ isAnalyticsDisabled: 'yes' }, { isAnalyticsDisabled: null }, { other: true }]) {
      const refused = await w.admin('POST', path, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation_error');
    }

    const socket = await openSocket(socketUrl(baseUrl, w.world.tenantAdmin.token));
    // Each says something: the log lists only conversations where something was said.
    for (const started of [plain, marked, notMarked]) {
      const topic = { kind: 'conversation', botId: started.botId, conversationId: started.conversationId };
      await socket.subscribe(topic as never);
      await nextAnswer(socket, topic, 'order pizza');
    }
    socket.close();

    const listed = expectStatus(await w.admin('GET', `${botPath(BOT)}/conversations`), 200).json();
    const flagOf = (id: string) =>
      listed.find((c: { conversationId: string }) => c.conversationId === id)?.isAnalyticsDisabled;
    expect([
      flagOf(plain.conversationId),
      flagOf(marked.conversationId),
      flagOf(notMarked.conversationId),
    ]).toEqual([false, true, false]);
    const shown = expectStatus(
      await w.admin('GET', `${botPath(BOT)}/conversations/${marked.conversationId}`),
      200,
    ).json();
    expect(shown).toMatchObject({ isAnalyticsDisabled: true, channel: 'test-chat' });
    expect(shown.messages).toHaveLength(2);

    // The analytics counts leave the marked conversation's messages out, and count the other's.
    const store = server.ctx.repos.forTenant(w.world.tenantB).conversations(plain.botId);
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const counted = (await store.userTurnsPerDay(from, to)).reduce((sum, day) => sum + day.count, 0);
    const all = (await store.list({ limit: 500 })).filter((c) => !c.isAnalyticsDisabled);
    let expected = 0;
    for (const c of all) expected += (await store.turnsOf(c.id)).filter((t) => t.direction === 'in').length;
    expect(counted).toBe(expected);
    expect((await store.turnsOf(marked.conversationId)).length).toBeGreaterThan(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: the two-process test chat link test does not run.');

/** Two processes sharing the database and Redis: one attempt count, one chat, one reset. */
describe.runIf(redisUrl).each(testDatabases())('the shared test chat on two processes on %s', (kind) => {
  let a: TestServer;
  let b: TestServer;
  let w: ContentWorld;
  const BOT = 'Two Process Bot';
  const ext = `${botPath(BOT)}/ext-chat/password`;
  // Redis outlives a test run: addresses of their own keep runs from sharing counts.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

  beforeAll(async () => {
    a = await startTestServer(kind, { REDIS_URL: redisUrl });
    b = await startTestServer(kind, {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
    w = await buildContentWorld(a, BOT);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('attempts on either process count against one limit; a reset on one ends sockets on the other', async () => {
    const { linkId, password } = expectStatus(await w.admin('GET', ext), 200).json();
    const attempt = (server: TestServer, guess: string) =>
      server.request({
        method: 'POST',
        url: '/api/test-chat/sessions',
        body: { linkId, password: guess },
        remoteAddress: address,
      });
    for (let i = 0; i < TEST_CHAT_LIMITS.passwordAttempts; i++) {
      expect((await attempt(i % 2 ? a : b, `guess-${i}`)).statusCode).toBe(401);
    }
    expect((await attempt(a, password)).statusCode).toBe(429);
    expect((await attempt(b, password)).statusCode).toBe(429);

    const token = expectStatus(
      await b.request({
        method: 'POST',
        url: '/api/test-chat/sessions',
        body: { linkId, password },
        remoteAddress: `${address}1`,
      }),
      201,
    ).json().token as string;
    const started = expectStatus(
      await a.request({
        method: 'POST',
        url: '/api/test-chat/conversations',
        headers: { testchattoken: token },
      }),
      201,
    ).json();
    const socket = await openSocket(
      `${(await a.listen()).replace(/^http/, 'ws')}/ws?app=parley&chatToken=${encodeURIComponent(token)}`,
    );
    const topic = {
      kind: 'conversation',
      botId: started.botId,
      conversationId: started.conversationId,
    } as const;
    expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    expectStatus(await as(b, w.world.tenantAdmin)('PUT', ext), 200);
    socket.send(
      JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text: 'hello' } }),
    );
    expect((await socket.closed).code).toBe(4401);
  });
});
