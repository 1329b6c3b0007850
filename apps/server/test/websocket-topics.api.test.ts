import { botIdFor, type RealtimeTopic, type TopicEvent } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishTopicEvent } from '../src/services/realtime/topic-events';
import { addUser, as, expectStatus, USER_PASSWORD } from './support/admin-world';
import { buildContentWorld, type ContentWorld, DESIGNER_ROLE } from './support/bot-content';
import { createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';

const BOT = 'Topic Bot';
const activity = (botId: string, conversationId: string, text: string): TopicEvent<'conversation'> => ({
  type: 'conversation:activity',
  topic: { kind: 'conversation', botId, conversationId },
  activity: { type: 'message', text },
});

describe.each(testDatabases())('websocket topics on %s', (kind) => {
  let server: TestServer;
  let w: ContentWorld;
  let baseUrl: string;
  let botId: string;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await openSocket(socketUrl(baseUrl, token));
    sockets.push(socket);
    await socket.waitFor((m) => m.type === 'connected');
    return socket;
  };
  const tokens = () => ({
    admin: w.world.tenantAdmin.token,
    designer: w.world.plainUser.token,
    master: w.world.master.token,
  });
  const publish = (event: TopicEvent) => publishTopicEvent(server.ctx.shared.pubsub, event);
  /** A plain user of tenant B holding the Designer role on the bot, logged in afresh. */
  async function designerOfTheBot(email: string): Promise<string> {
    await addUser(server, w.world.tenantAdmin, email, 'Rita_Role');
    expectStatus(
      await w.admin('POST', '/api/user/role', { userEmail: email, botName: BOT, role: DESIGNER_ROLE }),
      200,
    );
    return (await server.login(email, USER_PASSWORD)).token;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    w = await buildContentWorld(server, BOT);
    botId = botIdFor(w.world.tenantB, BOT);
    baseUrl = await server.listen();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  const strangerToken = () => server.login('nora.norole@example.com', USER_PASSWORD).then((r) => r.token);

  test.each([
    ['the account administrator', 'admin', true],
    ['a user with a role on the bot', 'designer', true],
    ['a user of the tenant without a role on it', 'stranger', false],
    // The master administrator works in the master tenant: the bot is not there.
    ['a master administrator working in another tenant', 'master', false],
  ] as const)('bot publishing and its conversations: %s may follow: %s', async (_who, caller, isAllowed) => {
    const token = caller === 'stranger' ? await strangerToken() : tokens()[caller];
    const socket = await open(token);
    for (const topic of [
      { kind: 'bot-publishing', botId },
      { kind: 'conversation', botId, conversationId: 'c-1' },
    ] as const) {
      const answer = await socket.subscribe(topic);
      expect(answer).toEqual(
        isAllowed
          ? { type: 'subscribed', topic }
          : { type: 'error', topic, message: 'You may not follow this topic.' },
      );
    }
  });

  test('a bot id that names no bot of the tenant is refused, also to its administrator', async () => {
    const socket = await open(tokens().admin);
    for (const id of [botIdFor(w.world.tenantB, 'No Such Bot'), botIdFor(w.world.masterTenantId, BOT)])
      expect(await socket.subscribe({ kind: 'bot-publishing', botId: id })).toMatchObject({ type: 'error' });
  });

  test('user notifications: only one’s own', async () => {
    const socket = await open(tokens().designer);
    const own = { kind: 'user-notifications', userId: w.world.plainUser.email } as const;
    const other = { kind: 'user-notifications', userId: w.world.tenantAdmin.email } as const;
    expect(await socket.subscribe(own)).toEqual({ type: 'subscribed', topic: own });
    expect(await socket.subscribe(other)).toMatchObject({ type: 'error', topic: other });
    await publish({ type: 'user:notification', topic: own, text: 'Hello Pat' });
    await publish({ type: 'user:notification', topic: other, text: 'Hello Bea' });
    expect(await socket.waitFor((m) => m.type === 'user:notification')).toMatchObject({ text: 'Hello Pat' });
    await socket.sync();
    expect(socket.messages.filter((m) => m.type === 'user:notification')).toHaveLength(1);
  });

  test('an event goes to the sockets following its topic, and only to them', async () => {
    const first = await open(tokens().admin);
    const second = await open(tokens().designer);
    const elsewhere = await open(tokens().designer);
    await first.subscribe({ kind: 'conversation', botId, conversationId: 'c-2' });
    await second.subscribe({ kind: 'conversation', botId, conversationId: 'c-2' });
    await elsewhere.subscribe({ kind: 'conversation', botId, conversationId: 'c-3' });
    await publish(activity(botId, 'c-2', 'hello'));
    for (const socket of [first, second])
      expect(await socket.waitFor((m) => m.type === 'conversation:activity')).toEqual(
        activity(botId, 'c-2', 'hello'),
      );
    await elsewhere.sync();
    expect(elsewhere.messages.some((m) => m.type === 'conversation:activity')).toBe(false);
  });

  test('a removed bot role ends the subscriptions at once, before any event, and none is delivered after', async () => {
    const email = 'rita.role@example.com';
    const socket = await open(await designerOfTheBot(email));
    const topics: RealtimeTopic[] = [
      { kind: 'bot-publishing', botId },
      { kind: 'conversation', botId, conversationId: 'c-4' },
    ];
    for (const topic of topics) expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    await publish(activity(botId, 'c-4', 'before'));
    await socket.waitFor((m) => m.type === 'conversation:activity');

    const removed = await w.admin('DELETE', `/api/users/${encodeURIComponent(email)}/roles/for-bot/${BOT}`);
    expect(removed.statusCode).toBe(204);
    // The announcement alone ends them: nothing was published meanwhile.
    for (const topic of topics)
      expect(await socket.waitFor((m) => m.type === 'unsubscribed' && m.topic.kind === topic.kind)).toEqual({
        type: 'unsubscribed',
        topic,
        reason: 'revoked',
      });

    await publish(activity(botId, 'c-4', 'after'));
    await socket.sync();
    expect(
      socket.messages.filter((m) => m.type === 'conversation:activity').map((m) => m.activity.text),
    ).toEqual(['before']);
    // Following again is refused now.
    expect(await socket.subscribe(topics[0] as RealtimeTopic)).toMatchObject({ type: 'error' });
  });

  test('a session logged out is closed with 4401 while it follows a bot, with no event needed', async () => {
    const { token } = await server.login(w.world.plainUser.email, USER_PASSWORD);
    const socket = await open(token);
    await socket.subscribe({ kind: 'bot-publishing', botId });
    expectStatus(await server.request({ method: 'DELETE', url: '/api/auth/logout', token }), 204);
    expect(await socket.closed).toMatchObject({ code: 4401 });
  });

  test('a deleted bot ends its followers’ subscriptions', async () => {
    await createBot(w.admin, 'Short Lived');
    const topic = { kind: 'bot-publishing', botId: botIdFor(w.world.tenantB, 'Short Lived') } as const;
    const socket = await open(tokens().admin);
    expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
    expectStatus(await w.admin('DELETE', '/api/bots/Short%20Lived'), 204);
    expect(await socket.waitFor((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      topic,
      reason: 'revoked',
    });
  });

  test('a socket follows at most 50 topics', async () => {
    const socket = await open(tokens().admin);
    for (let i = 0; i < 50; i++)
      socket.send(
        JSON.stringify({
          type: 'subscribe',
          topic: { kind: 'conversation', botId, conversationId: `many-${i}` },
        }),
      );
    const answer = await socket.subscribe({ kind: 'conversation', botId, conversationId: 'one-too-many' });
    expect(answer).toMatchObject({ type: 'error', message: expect.stringContaining('at most 50 topics') });
    expect(socket.messages.filter((m) => m.type === 'subscribed')).toHaveLength(50);
    // Subscribing to one already followed is answered again, not counted twice.
    expect(await socket.subscribe({ kind: 'conversation', botId, conversationId: 'many-0' })).toMatchObject({
      type: 'subscribed',
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('TEST_REDIS_URL is not set: the two-process topic test does not run.');

describe.runIf(redisUrl).each(testDatabases())('websocket topics across two processes on %s', (kind) => {
  let first: TestServer;
  let second: TestServer;
  let w: ContentWorld;

  beforeAll(async () => {
    first = await startTestServer(kind, { REDIS_URL: redisUrl });
    w = await buildContentWorld(first, BOT);
    // The second process shares the first one's database, JWT secret and Redis.
    second = await startTestServer(kind, {
      REDIS_URL: redisUrl,
      DATA_DIR: first.ctx.config.dataDir,
      DATABASE_URL: first.ctx.config.databaseUrl,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  test('an event published on process B reaches a socket on A; a role removed on B ends it on A', async () => {
    const email = 'rita.remote@example.com';
    await addUser(first, w.world.tenantAdmin, email, 'Rita_Remote');
    expectStatus(
      await w.admin('POST', '/api/user/role', { userEmail: email, botName: BOT, role: DESIGNER_ROLE }),
      200,
    );
    const socket = await openSocket(
      socketUrl(await first.listen(), (await first.login(email, USER_PASSWORD)).token),
    );
    try {
      const botId = botIdFor(w.world.tenantB, BOT);
      const topic = { kind: 'conversation', botId, conversationId: 'remote' } as const;
      expect(await socket.subscribe(topic)).toMatchObject({ type: 'subscribed' });
      await publishTopicEvent(second.ctx.shared.pubsub, activity(botId, 'remote', 'from B'));
      expect(await socket.waitFor((m) => m.type === 'conversation:activity')).toEqual(
        activity(botId, 'remote', 'from B'),
      );

      const removed = await as(second, w.world.tenantAdmin)(
        'DELETE',
        `/api/users/${encodeURIComponent(email)}/roles/for-bot/${BOT}`,
      );
      expect(removed.statusCode).toBe(204);
      expect(await socket.waitFor((m) => m.type === 'unsubscribed')).toEqual({
        type: 'unsubscribed',
        topic,
        reason: 'revoked',
      });
      await publishTopicEvent(second.ctx.shared.pubsub, activity(botId, 'remote', 'too late'));
      await socket.sync();
      expect(socket.messages.filter((m) => m.type === 'conversation:activity')).toHaveLength(1);
    } finally {
      socket.close();
    }
  });
});
