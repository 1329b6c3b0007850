import {
  DEFAULT_GDPR_SETTINGS,
  DEFAULT_HANDOVER_SETTINGS,
  DEFAULT_SYSTEM_MESSAGES,
  HANDOVER_MESSAGES,
  type HandoverConversationView,
  type HandoverInboxView,
  type HandoverSettings,
  type HandoverView,
  Permission,
  REMOVE_USER_DATA_EVENT,
  type ServerMessage,
  type TestChatStarted,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { routeCatalogue } from '../src/http/route-catalogue';
import { addUser, as, type Call, type Caller, expectStatus, USER_PASSWORD } from './support/admin-world';
import { createIntent } from './support/bot-content';
import { botPath, createBot } from './support/bots';
import { testDatabases } from './support/databases';
import { createFuzzLog, fuzzSender, HOSTILE_PARAMS, HOSTILE_VALUES, sendJsonBodies } from './support/fuzz';
import { publishTestFlows } from './support/publishing';
import { openSocket, socketUrl, type TestSocket } from './support/socket-client';
import { buildOwnAdminWorld, type MasterWorld, signUpMaster, uniqueKey } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const BELOW_THRESHOLD = DEFAULT_SYSTEM_MESSAGES.messageBelowThreshold;
const ALWAYS_OPEN = { openingTime: '00:00', closingTime: '00:00', timeZone: 'UTC' };
const SETTINGS: HandoverSettings = {
  ...DEFAULT_HANDOVER_SETTINGS,
  ...ALWAYS_OPEN,
  isActive: true,
  queueEnterMessage: 'Please wait for a person.',
  chatStartMessage: 'A person is here now.',
  chatEndMessage: 'The person left; the bot is back.',
  notAvailableMessage: 'Nobody is in right now.',
  unrecognizedIntentLimit: 2,
};

/** 'HH:MM' (UTC) `hours` from now: opening hours that are surely closed now. */
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);

const texts = (activities: readonly unknown[]) => activities.map((a) => (a as { text?: string }).text);
const isTurnOf = (conversationId: string) => (m: ServerMessage) =>
  m.type === 'conversation:turn' && m.topic.conversationId === conversationId;
const inboxPath = (conversationId: string, action = '') =>
  `/api/handover/conversations/${encodeURIComponent(conversationId)}${action ? `/${action}` : ''}`;

/**
 * Human handover with the agent inbox (issue 13): a conversation the bot cannot help moves to a
 * person inside opening hours, one of two agents takes it, they and the user talk live over the
 * websocket, and the conversation goes back to the bot. Each test builds its own tenant.
 */
describe.each(testDatabases())('handing conversations to a person on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let baseUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await signUpMaster(server);
    baseUrl = await server.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  const socketOf = async (token: string) => {
    const socket = await openSocket(socketUrl(baseUrl, token));
    sockets.push(socket);
    return socket;
  };

  /**
   * A tenant of the test's own: Bea its account administrator (who tests the bot in the test
   * chat), the agents Ann and Bob (a role with only permission 60), Dan the bot's Designer (no
   * 60), and a bot with handover on and the given settings.
   */
  async function handoverWorld(settings: Partial<HandoverSettings> = {}) {
    const key = uniqueKey();
    const world = await buildOwnAdminWorld(server, base, key);
    const admin = as(server, world.tenantAdmin);
    const botName = `Helpdesk ${key}`;
    await createBot(admin, botName);
    expectStatus(
      await admin('PUT', `${botPath(botName)}/handover/settings`, { ...SETTINGS, ...settings }),
      200,
    );
    const role = expectStatus(await admin('POST', '/api/tenant/roles', { roleName: 'Agent' }), 201).json();
    expectStatus(
      await admin('PUT', '/api/tenant/roles', {
        roles: [{ roleId: role.roleId, roleName: 'Agent', permissions: [Permission.AnswerHandovers] }],
      }),
      201,
    );
    const person = async (name: string, roleId: number): Promise<Caller & { call: Call }> => {
      const email = `${name.toLowerCase()}.${key}@example.com`;
      await addUser(server, world.tenantAdmin, email, `${name}_Person`);
      expectStatus(await admin('POST', '/api/user/role', { userEmail: email, botName, role: roleId }), 200);
      const token = (await server.login(email, USER_PASSWORD)).token;
      return { email, token, call: as(server, token) };
    };
    const ann = await person('Ann', role.roleId);
    const bob = await person('Bob', role.roleId);
    const dan = await person('Dan', 1);
    const bot = await server.ctx.repos.forTenant(world.tenantB).bots.get(botName);
    if (!bot) throw new Error('the bot was not made');
    return { world, admin, botName, bot, ann, bob, dan };
  }

  /** Bea's test chat with the bot: a conversation, a socket following it, and a way to talk. */
  async function testChat(w: Awaited<ReturnType<typeof handoverWorld>>) {
    const started = expectStatus(
      await w.admin('POST', `${botPath(w.botName)}/test-chat`, {}),
      201,
    ).json() as TestChatStarted;
    const topic = { kind: 'conversation' as const, botId: w.bot.id, conversationId: started.conversationId };
    const socket = await socketOf(w.world.tenantAdmin.token);
    expect((await socket.subscribe(topic)).type).toBe('subscribed');
    let seen = 0;
    /** The next conversation:turn of the conversation after those already read. */
    const nextTurn = async () => {
      await socket.waitFor(() => socket.messages.filter(isTurnOf(topic.conversationId)).length > seen);
      const turn = socket.messages.filter(isTurnOf(topic.conversationId))[seen++];
      if (turn?.type !== 'conversation:turn') throw new Error('not a turn');
      return turn;
    };
    const say = async (text: string) => {
      socket.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      return nextTurn();
    };
    return { conversationId: started.conversationId, socket, say, nextTurn };
  }

  async function inboxSocket(token: string, botId: string) {
    const socket = await socketOf(token);
    expect((await socket.subscribe({ kind: 'handover-inbox', botId })).type).toBe('subscribed');
    return socket;
  }

  test('the unrecognised-intent limit queues the user; one of two agents takes it; they talk live; the bot answers again after hand-back', async () => {
    const w = await handoverWorld();
    const annInbox = await inboxSocket(w.ann.token, w.bot.id);
    const bobInbox = await inboxSocket(w.bob.token, w.bot.id);
    const chat = await testChat(w);

    expect(texts((await chat.say('blorb')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(texts((await chat.say('wibble wobble')).activities)).toEqual([
      BELOW_THRESHOLD,
      SETTINGS.queueEnterMessage,
    ]);
    for (const inbox of [annInbox, bobInbox]) {
      const queued = await inbox.waitFor((m) => m.type === 'handover:changed');
      expect(queued).toMatchObject({
        handover: {
          conversationId: chat.conversationId,
          status: 'queued',
          reason: 'unrecognizedIntent',
          botName: w.botName,
          lastUserText: 'wibble wobble',
        },
      });
    }
    const inbox = expectStatus(
      await w.ann.call('GET', '/api/handover/inbox'),
      200,
    ).json() as HandoverInboxView;
    expect(inbox.waiting.map((h) => h.conversationId)).toEqual([chat.conversationId]);
    expect(inbox.mine).toEqual([]);

    // While queued, the user's messages go to the inbox, not to the bot.
    const waitingTurn = await chat.say('hello? is someone there?');
    expect(waitingTurn.said).toEqual({ type: 'text', text: 'hello? is someone there?' });
    expect(waitingTurn.activities).toEqual([]);
    await annInbox.waitFor(
      (m) =>
        m.type === 'handover:message' &&
        m.message.from === 'user' &&
        m.message.text === 'hello? is someone there?',
    );

    // Two agents click Take at once: exactly one wins.
    const takes = await Promise.all([
      w.ann.call('POST', inboxPath(chat.conversationId, 'take')),
      w.bob.call('POST', inboxPath(chat.conversationId, 'take')),
    ]);
    expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loserResponse = takes.find((r) => r.statusCode === 409);
    expect(loserResponse?.json()).toMatchObject({
      code: 'cohesion_error',
      message: HANDOVER_MESSAGES.alreadyTaken,
    });
    const [winner, loser] = takes[0]?.statusCode === 200 ? [w.ann, w.bob] : [w.bob, w.ann];
    expect(takes.find((r) => r.statusCode === 200)?.json<HandoverView>()).toMatchObject({
      agentId: winner.email,
      status: 'active',
    });
    const started = await chat.nextTurn();
    expect(started.said).toBeUndefined();
    expect(texts(started.activities)).toEqual([SETTINGS.chatStartMessage]);
    await bobInbox.waitFor((m) => m.type === 'handover:changed' && m.handover.status === 'active');
    expect(
      (expectStatus(await winner.call('GET', '/api/handover/inbox'), 200).json() as HandoverInboxView).mine,
    ).toHaveLength(1);

    // Both ways, live.
    expectStatus(
      await winner.call('POST', inboxPath(chat.conversationId, 'messages'), { text: 'Hi, how can I help?' }),
      200,
    );
    expect(texts((await chat.nextTurn()).activities)).toEqual(['Hi, how can I help?']);
    expect((await chat.say('my order never came')).activities).toEqual([]);
    const winnerInbox = winner === w.ann ? annInbox : bobInbox;
    await winnerInbox.waitFor(
      (m) => m.type === 'handover:message' && m.message.text === 'my order never came',
    );
    // Only the agent who has it talks.
    const refused = await loser.call('POST', inboxPath(chat.conversationId, 'messages'), { text: 'me too' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HANDOVER_MESSAGES.notYours);

    const history = expectStatus(
      await winner.call('GET', inboxPath(chat.conversationId)),
      200,
    ).json() as HandoverConversationView;
    expect(history.handover.status).toBe('active');
    expect(history.messages.map((m) => [m.from, m.text])).toEqual([
      ['user', 'blorb'],
      ['bot', BELOW_THRESHOLD],
      ['user', 'wibble wobble'],
      ['bot', BELOW_THRESHOLD],
      ['bot', SETTINGS.queueEnterMessage],
      ['user', 'hello? is someone there?'],
      ['bot', SETTINGS.chatStartMessage],
      ['agent', 'Hi, how can I help?'],
      ['user', 'my order never came'],
    ]);
    expect(history.messages.find((m) => m.from === 'agent')?.agentId).toBe(winner.email);
    // The log keeps the agent's message as the bot side's turn, marked with the agent.
    const logged = await server.ctx.repos
      .forTenant(w.world.tenantB)
      .handovers.turnsOf(w.bot.id, chat.conversationId);
    expect(logged.find((t) => t.agentId === winner.email)).toMatchObject({
      direction: 'out',
      activity: { type: 'text', text: 'Hi, how can I help?' },
    });

    // The conversation log tells the agent's messages from the bot's.
    const log = expectStatus(
      await w.admin('GET', `${botPath(w.botName)}/conversations/${chat.conversationId}`),
      200,
    ).json() as { messages: Array<{ type: string; agentId?: string; message: { text?: string } }> };
    expect(log.messages.filter((m) => m.agentId).map((m) => [m.type, m.agentId, m.message.text])).toEqual([
      ['sent', winner.email, 'Hi, how can I help?'],
    ]);

    // Hand back: the user hears the end message, and the bot answers again.
    const ended = expectStatus(
      await winner.call('POST', inboxPath(chat.conversationId, 'hand-back')),
      200,
    ).json();
    expect(ended).toMatchObject({ status: 'ended', agentId: winner.email });
    expect(texts((await chat.nextTurn()).activities)).toEqual([SETTINGS.chatEndMessage]);
    expect(texts((await chat.say('thanks')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(
      (await winner.call('POST', inboxPath(chat.conversationId, 'messages'), { text: 'hi' })).statusCode,
    ).toBe(409);
    expect(
      (expectStatus(await w.ann.call('GET', '/api/handover/inbox'), 200).json() as HandoverInboxView).waiting,
    ).toEqual([]);
  });

  test("a flow's Handover block queues the conversation", async () => {
    const w = await handoverWorld({ unrecognizedIntentLimit: null });
    await createIntent(w.admin, w.botName, {
      name: 'Human',
      utterances: [
        'i want to talk to a person',
        'let me speak to a human',
        'get me an agent',
        'a real person please',
      ],
    });
    await createIntent(w.admin, w.botName, {
      name: 'Hours',
      utterances: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
    });
    await publishTestFlows(w.admin, w.botName, {
      Human: [
        { block: 'message', fields: { message: 'Let me find someone.' } },
        { block: 'handover' },
        { end: 'endFlow' },
      ],
    });

    const chat = await testChat(w);
    const turn = await chat.say('i want to talk to a person');
    expect(turn.activities).toEqual([
      { type: 'text', text: 'Let me find someone.' },
      { type: 'event', name: 'handover' },
      { type: 'text', text: SETTINGS.queueEnterMessage },
    ]);
    const inbox = expectStatus(
      await w.ann.call('GET', '/api/handover/inbox'),
      200,
    ).json() as HandoverInboxView;
    expect(inbox.waiting).toMatchObject([{ conversationId: chat.conversationId, reason: 'handoverBlock' }]);
  });

  test('a user of the External API channel (Direct Line) is handed over and reads the agent there', async () => {
    const w = await handoverWorld();
    expectStatus(
      await w.admin('POST', `${botPath(w.botName)}/configuration`, {
        channels: [{ name: 'api', visible: true, enabled: true }],
      }),
      200,
    );
    const key = expectStatus(
      await w.admin('POST', `/api/external/${encodeURIComponent(w.botName)}/api-key/generate`, {}),
      200,
    ).json() as { apiKey: string };
    const headers = { authorization: `Bearer ${key.apiKey}` };
    const started = expectStatus(
      await server.request({ method: 'POST', url: '/v3/directline/conversations', headers }),
      201,
    ).json() as { conversationId: string };
    const activities = `/v3/directline/conversations/${started.conversationId}/activities`;
    const post = async (text: string) =>
      expectStatus(
        await server.request({
          method: 'POST',
          url: activities,
          headers,
          body: { type: 'message', from: { id: 'casey' }, text },
        }),
        200,
      );
    const botTexts = async () =>
      (
        expectStatus(await server.request({ method: 'GET', url: activities, headers }), 200).json() as {
          activities: Array<{ text?: string; from: { role?: string } }>;
        }
      ).activities
        .filter((a) => a.from.role === 'bot')
        .map((a) => a.text);

    await post('blorb');
    await post('flarp');
    expect(await botTexts()).toEqual([BELOW_THRESHOLD, BELOW_THRESHOLD, SETTINGS.queueEnterMessage]);
    const inbox = expectStatus(
      await w.ann.call('GET', '/api/handover/inbox'),
      200,
    ).json() as HandoverInboxView;
    expect(inbox.waiting).toMatchObject([{ conversationId: started.conversationId, channel: 'api' }]);
    expectStatus(await w.ann.call('POST', inboxPath(started.conversationId, 'take')), 200);
    expectStatus(
      await w.ann.call('POST', inboxPath(started.conversationId, 'messages'), {
        text: 'Ann here, from the team.',
      }),
      200,
    );
    await post('great, thanks');
    expect(await botTexts()).toEqual([
      BELOW_THRESHOLD,
      BELOW_THRESHOLD,
      SETTINGS.queueEnterMessage,
      SETTINGS.chatStartMessage,
      'Ann here, from the team.',
    ]);
    const history = expectStatus(
      await w.ann.call('GET', inboxPath(started.conversationId)),
      200,
    ).json() as HandoverConversationView;
    expect(history.messages.at(-1)).toMatchObject({ from: 'user', text: 'great, thanks' });
  });

  test('outside opening hours the user hears the not-available message and the bot goes on', async () => {
    const w = await handoverWorld({ openingTime: hoursFromNow(2), closingTime: hoursFromNow(3) });
    const chat = await testChat(w);
    expect(texts((await chat.say('blorb')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(texts((await chat.say('flarp')).activities)).toEqual([
      BELOW_THRESHOLD,
      SETTINGS.notAvailableMessage,
    ]);
    // Not queued: the bot still answers, and nothing waits in the inbox.
    expect(texts((await chat.say('zork')).activities)).toEqual([BELOW_THRESHOLD]);
    const inbox = expectStatus(
      await w.ann.call('GET', '/api/handover/inbox'),
      200,
    ).json() as HandoverInboxView;
    expect(inbox.waiting).toEqual([]);
  });

  test('the negative-sentiment limit queues an unhappy user; friendly and plain messages do not count', async () => {
    const w = await handoverWorld({ unrecognizedIntentLimit: null, negativeSentimentLimit: 2 });
    const chat = await testChat(w);
    expect(texts((await chat.say('This is useless')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(texts((await chat.say('thanks, that is great')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(texts((await chat.say('when are you open')).activities)).toEqual([BELOW_THRESHOLD]);
    expect(texts((await chat.say('I hate this, it is terrible')).activities)).toEqual([
      BELOW_THRESHOLD,
      SETTINGS.queueEnterMessage,
    ]);
    const queued = await server.ctx.repos.forTenant(w.world.tenantB).handovers.latestOf(chat.conversationId);
    expect(queued).toMatchObject({ status: 'queued', reason: 'negativeSentiment' });
    const turns = await server.ctx.repos
      .forTenant(w.world.tenantB)
      .conversations(w.bot.id)
      .turnsOf(chat.conversationId);
    const scores = turns.filter((t) => t.direction === 'in').map((t) => Math.sign(t.sentiment ?? Number.NaN));
    expect(scores).toEqual([-1, 1, 0, -1]);
  });

  test('with handover off nothing moves to a person', async () => {
    const w = await handoverWorld({ isActive: false });
    const chat = await testChat(w);
    for (const text of ['blorb', 'flarp', 'zork']) {
      expect(texts((await chat.say(text)).activities)).toEqual([BELOW_THRESHOLD]);
    }
    expect(
      await server.ctx.repos.forTenant(w.world.tenantB).handovers.latestOf(chat.conversationId),
    ).toBeUndefined();
  });

  test('with masking on, personal data in messages to and from the agent is masked in the log and the inbox', async () => {
    const w = await handoverWorld();
    expectStatus(
      await w.admin('PUT', `${botPath(w.botName)}/gdpr/settings`, {
        ...DEFAULT_GDPR_SETTINGS,
        maskPersonalData: true,
      }),
      200,
    );
    const annInbox = await inboxSocket(w.ann.token, w.bot.id);
    const chat = await testChat(w);
    await chat.say('blorb');
    await chat.say('flarp');
    expectStatus(await w.ann.call('POST', inboxPath(chat.conversationId, 'take')), 200);
    await chat.nextTurn();
    await chat.say('write to jo.doe@example.com please');
    const shown = await annInbox.waitFor((m) => m.type === 'handover:message' && m.message.from === 'user');
    expect(shown).toMatchObject({ message: { text: 'write to [Email address] please' } });
    expectStatus(
      await w.ann.call('POST', inboxPath(chat.conversationId, 'messages'), {
        text: 'I wrote to ann@example.com',
      }),
      200,
    );
    // The user reads what the agent wrote; the log keeps it masked.
    expect(texts((await chat.nextTurn()).activities)).toEqual(['I wrote to ann@example.com']);
    const logged = await server.ctx.repos
      .forTenant(w.world.tenantB)
      .handovers.turnsOf(w.bot.id, chat.conversationId);
    const loggedTexts = logged.map((t) => (t.activity as { text?: string }).text ?? '');
    expect(loggedTexts).toEqual(
      expect.arrayContaining(['write to [Email address] please', 'I wrote to [Email address]']),
    );
    expect(loggedTexts.join(' ')).not.toMatch(/@example\.com/);
  });

  test("a user's request to remove their data ends the person's chat and removes it", async () => {
    const w = await handoverWorld();
    expectStatus(
      await w.admin('PUT', `${botPath(w.botName)}/gdpr/settings`, {
        ...DEFAULT_GDPR_SETTINGS,
        removeUserData: true,
        removeUserDataMessage: 'Your data is gone.',
      }),
      200,
    );
    const annInbox = await inboxSocket(w.ann.token, w.bot.id);
    const chat = await testChat(w);
    await chat.say('blorb');
    await chat.say('flarp');
    expectStatus(await w.ann.call('POST', inboxPath(chat.conversationId, 'take')), 200);
    await chat.nextTurn();
    await chat.say('my secret address is 1 Elm Street');
    const topic = { kind: 'conversation', botId: w.bot.id, conversationId: chat.conversationId };
    chat.socket.send(
      JSON.stringify({
        type: 'conversation:say',
        topic,
        activity: { type: 'event', name: REMOVE_USER_DATA_EVENT },
      }),
    );
    expect(texts((await chat.nextTurn()).activities)).toEqual(['Your data is gone.']);
    await annInbox.waitFor((m) => m.type === 'handover:changed' && m.handover.status === 'ended');
    const scope = server.ctx.repos.forTenant(w.world.tenantB);
    expect((await scope.handovers.latestOf(chat.conversationId))?.status).toBe('ended');
    const kept = await scope.handovers.turnsOf(w.bot.id, chat.conversationId);
    expect(JSON.stringify(kept)).not.toContain('Elm Street');
    // The bot answers again.
    expect(texts((await chat.say('hello')).activities)).toEqual([BELOW_THRESHOLD]);
  });

  test('a deleted bot takes its handovers with it', async () => {
    const w = await handoverWorld();
    const chat = await testChat(w);
    await chat.say('blorb');
    await chat.say('flarp');
    const handovers = server.ctx.repos.forTenant(w.world.tenantB).handovers;
    expect((await handovers.openOf(chat.conversationId))?.status).toBe('queued');
    expect((await w.admin('DELETE', botPath(w.botName))).statusCode).toBeLessThan(300);
    expect(await handovers.latestOf(chat.conversationId)).toBeUndefined();
    expect(expectStatus(await w.ann.call('GET', '/api/handover/inbox'), 200).json()).toEqual({
      waiting: [],
      mine: [],
    });
    expect((await w.ann.call('POST', inboxPath(chat.conversationId, 'take'))).statusCode).toBe(404);
  });

  test('only holders of permission 60 on the bot, in its tenant, see and answer its conversations', async () => {
    const w = await handoverWorld();
    const chat = await testChat(w);
    await chat.say('blorb');
    await chat.say('flarp');
    const other = await handoverWorld();

    // The shell offers the inbox to whom it concerns.
    expect(expectStatus(await w.ann.call('GET', '/api/users/info'), 200).json().canAnswerHandovers).toBe(
      true,
    );
    expect(expectStatus(await w.dan.call('GET', '/api/users/info'), 200).json().canAnswerHandovers).toBe(
      false,
    );
    expect(expectStatus(await w.admin('GET', '/api/users/info'), 200).json().canAnswerHandovers).toBe(true);

    // Dan has a role on the bot without 60: an empty inbox, 403 on the conversation, no topic.
    expect(expectStatus(await w.dan.call('GET', '/api/handover/bots'), 200).json()).toEqual({ bots: [] });
    expect(expectStatus(await w.dan.call('GET', '/api/handover/inbox'), 200).json()).toEqual({
      waiting: [],
      mine: [],
    });
    for (const [method, action] of [
      ['GET', ''],
      ['POST', 'take'],
      ['POST', 'hand-back'],
    ] as const) {
      const response = await w.dan.call(method, inboxPath(chat.conversationId, action));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('permission_error');
    }
    const danSocket = await socketOf(w.dan.token);
    expect((await danSocket.subscribe({ kind: 'handover-inbox', botId: w.bot.id })).type).toBe('error');

    // Another tenant's agent and administrator: as if the conversation did not exist.
    for (const caller of [other.ann.call, other.admin]) {
      expect((await caller('GET', '/api/handover/inbox')).json()).toEqual({ waiting: [], mine: [] });
      for (const [method, action] of [
        ['GET', ''],
        ['POST', 'take'],
        ['POST', 'hand-back'],
      ] as const) {
        expect((await caller(method, inboxPath(chat.conversationId, action))).statusCode).toBe(404);
      }
      expect(
        (await caller('POST', inboxPath(chat.conversationId, 'messages'), { text: 'hi' })).statusCode,
      ).toBe(404);
    }
    const strangerSocket = await socketOf(other.ann.token);
    expect((await strangerSocket.subscribe({ kind: 'handover-inbox', botId: w.bot.id })).type).toBe('error');

    // The account administrator has every permission; the agent sees the bot in the inbox's list.
    expect(
      (expectStatus(await w.admin('GET', '/api/handover/inbox'), 200).json() as HandoverInboxView).waiting,
    ).toHaveLength(1);
    expect(expectStatus(await w.ann.call('GET', '/api/handover/bots'), 200).json()).toEqual({
      bots: [{ botId: w.bot.id, botName: w.botName, displayName: w.botName }],
    });
    // Still waiting: nobody refused took it.
    expect(
      (await server.ctx.repos.forTenant(w.world.tenantB).handovers.openOf(chat.conversationId))?.status,
    ).toBe('queued');
  });

  test('hostile input to the inbox routes answers 4xx with a code, never 5xx', async () => {
    const w = await handoverWorld();
    const chat = await testChat(w);
    await chat.say('blorb');
    await chat.say('flarp');
    const log = createFuzzLog();
    const send = fuzzSender(server, w.ann.token, log);
    const routes = routeCatalogue(server.app).filter(
      (r) => r.url.startsWith('/api/handover/') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      for (const param of [...HOSTILE_PARAMS, encodeURIComponent(crypto.randomUUID())]) {
        await send(
          route.method,
          route.url.replace(':conversationId', param),
          route.method === 'POST' ? {} : undefined,
        );
      }
    }
    await sendJsonBodies(
      server,
      { method: 'POST', url: inboxPath(chat.conversationId, 'take'), token: w.ann.token },
      { values: HOSTILE_VALUES, raw: ['{"__proto__":{"polluted":true}}', '{"x":'] },
      log,
    );
    const messages = { method: 'POST', url: inboxPath(chat.conversationId, 'messages'), token: w.ann.token };
    const bodies = [...HOSTILE_VALUES, ...HOSTILE_VALUES.map((text) => ({ text })), { text: 'a', extra: 1 }];
    await sendJsonBodies(
      server,
      messages,
      { values: bodies, raw: ['{"text":"a","__proto__":{"x":1}}', '{"text":'] },
      log,
    );
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(60);
    // Text that is blank or too long is refused as a validation error.
    for (const text of ['   ', 'x'.repeat(4001)]) {
      const response = await w.ann.call('POST', inboxPath(chat.conversationId, 'messages'), { text });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
    }
    // The conversation went on unharmed: Ann takes it and talks.
    expectStatus(await w.ann.call('POST', inboxPath(chat.conversationId, 'take')), 200);
    expectStatus(
      await w.ann.call('POST', inboxPath(chat.conversationId, 'messages'), { text: '<b>hi</b>' }),
      200,
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Two processes behind a load balancer: the user on A, agents on A and B. */
describe.runIf(redisUrl && process.env.TEST_DATABASE_URL)('handover across two processes', () => {
  let a: TestServer;
  let b: TestServer;
  let base: MasterWorld;
  let urlA: string;
  let urlB: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    a = await startTestServer('postgres', { REDIS_URL: redisUrl });
    b = await startTestServer('postgres', {
      REDIS_URL: redisUrl,
      DATA_DIR: a.ctx.config.dataDir,
      DATABASE_URL: a.ctx.config.databaseUrl,
    });
    base = await signUpMaster(a);
    urlA = await a.listen();
    urlB = await b.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
  });

  test('a take races across processes, and messages cross them live both ways', async () => {
    const key = uniqueKey();
    const world = await buildOwnAdminWorld(a, base, key);
    const admin = as(a, world.tenantAdmin);
    const botName = `Helpdesk ${key}`;
    await createBot(admin, botName);
    expectStatus(await admin('PUT', `${botPath(botName)}/handover/settings`, SETTINGS), 200);
    const agentEmail = `agent.${key}@example.com`;
    await addUser(a, world.tenantAdmin, agentEmail, 'Agent_Person');
    expectStatus(await admin('POST', '/api/user/role', { userEmail: agentEmail, botName, role: 3 }), 200);
    const agentToken = (await b.login(agentEmail, USER_PASSWORD)).token;
    const bot = await a.ctx.repos.forTenant(world.tenantB).bots.get(botName);
    if (!bot) throw new Error('no bot');

    const agentInbox = await openSocket(socketUrl(urlB, agentToken));
    sockets.push(agentInbox);
    expect((await agentInbox.subscribe({ kind: 'handover-inbox', botId: bot.id })).type).toBe('subscribed');
    const started = expectStatus(await admin('POST', `${botPath(botName)}/test-chat`, {}), 201).json();
    const topic = { kind: 'conversation' as const, botId: bot.id, conversationId: started.conversationId };
    const user = await openSocket(socketUrl(urlA, world.tenantAdmin.token));
    sockets.push(user);
    expect((await user.subscribe(topic)).type).toBe('subscribed');
    const turns = () => user.messages.filter(isTurnOf(topic.conversationId));
    const say = async (text: string) => {
      const before = turns().length;
      user.send(JSON.stringify({ type: 'conversation:say', topic, activity: { type: 'text', text } }));
      await user.waitFor(() => turns().length > before);
    };
    await say('blorb');
    await say('flarp');
    // The queue, announced on A, reaches the inbox on B.
    await agentInbox.waitFor((m) => m.type === 'handover:changed' && m.handover.status === 'queued');

    // The agent clicks Take on B while the administrator clicks it on A: one wins.
    const takes = await Promise.all([
      b.request({ method: 'POST', url: inboxPath(topic.conversationId, 'take'), token: agentToken }),
      a.request({
        method: 'POST',
        url: inboxPath(topic.conversationId, 'take'),
        token: world.tenantAdmin.token,
      }),
    ]);
    expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [server, token] = takes[0]?.statusCode === 200 ? [b, agentToken] : [a, world.tenantAdmin.token];

    const before = turns().length;
    expectStatus(
      await server.request({
        method: 'POST',
        url: inboxPath(topic.conversationId, 'messages'),
        token,
        body: { text: 'Hello from the team' },
      }),
      200,
    );
    await user.waitFor(() =>
      turns()
        .slice(before)
        .some((t) => t.type === 'conversation:turn' && texts(t.activities).includes('Hello from the team')),
    );
    await say('thank you');
    await agentInbox.waitFor((m) => m.type === 'handover:message' && m.message.text === 'thank you');
  });
});
