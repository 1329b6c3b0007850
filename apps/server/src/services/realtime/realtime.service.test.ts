import { AppError, notFound, type RealtimeTopic, type ServerMessage, topicKey } from '@parley/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Principal } from '../../auth/principal';
import { createPrincipalCache } from '../../auth/principal-cache';
import { inProcessPubSub } from '../../shared-state/pubsub';
import { createRealtimeGatewayWith } from './realtime.service';
import type { GatewaySocket } from './socket-gateway';
import { publishTopicEvent } from './topic-events';

/** A socket that records what the gateway sends it. */
function fakeSocket() {
  const frames: ServerMessage[] = [];
  const socket: GatewaySocket & { frames: ServerMessage[]; closedWith?: number } = {
    frames,
    OPEN: 1,
    readyState: 1,
    send: (data) => frames.push(JSON.parse(data)),
    close(code) {
      socket.closedWith = code;
    },
  };
  return socket;
}

const principalOf = (userId: string, sessionId = `session-${userId}`, tenantId = 't1') =>
  ({ user: { id: userId }, sessionId, tenantId }) as unknown as Principal;

/** Lets queued promise callbacks (the inbox, pub/sub deliveries) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function world(
  allowed: (principal: Principal, topic: RealtimeTopic) => boolean = () => true,
  sessionEndsAt?: (token: string) => number | undefined,
) {
  const pubsub = inProcessPubSub();
  const principals = createPrincipalCache(pubsub);
  const calls = { authenticate: 0, mayFollow: 0 };
  const said: Array<{ userId: string; conversationId: string; text: string }> = [];
  const sessions = new Map<string, Principal>();
  let held: Promise<void> | undefined;
  const gateway = createRealtimeGatewayWith({
    pubsub,
    principals,
    authenticate: async (token) => {
      calls.authenticate++;
      await held;
      const principal = sessions.get(token);
      if (!principal) throw new AppError('expired_jwt_code');
      return principal;
    },
    mayFollow: async (principal, topic) => {
      calls.mayFollow++;
      return allowed(principal, topic);
    },
    say: async (principal, topic, activity) => {
      if (topic.conversationId === 'gone')
        throw notFound('This test chat does not exist (any more). Start a new one.');
      said.push({
        userId: principal.user.id,
        conversationId: topic.conversationId,
        text: 'text' in activity ? (activity.text ?? '') : '',
      });
    },
    sessionEndsAt,
    log: { error: () => undefined, warn: () => undefined },
  });
  gateway.start();
  const connect = (userId: string) => {
    const principal = principalOf(userId);
    const token = `token-${userId}`;
    sessions.set(token, principal);
    const socket = fakeSocket();
    const connection = gateway.add(socket, principal, token);
    return { socket, connection, token };
  };
  /** Session checks wait until the returned function is called. */
  const holdChecks = () => {
    let release = () => {};
    held = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      held = undefined;
      release();
    };
  };
  return { pubsub, principals, gateway, calls, said, sessions, connect, holdChecks };
}

const conversation = (conversationId: string): RealtimeTopic => ({
  kind: 'conversation',
  botId: 't1-bot',
  conversationId,
});
const event = (conversationId: string, n: number) => ({
  type: 'conversation:activity' as const,
  topic: { kind: 'conversation' as const, botId: 't1-bot', conversationId },
  activity: { n },
});

describe('the realtime gateway', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
  });

  test('delivering N events to M sockets asks for no authorisation after the subscriptions', async () => {
    const w = world();
    stop = () => w.gateway.stop();
    const M = 20;
    const N = 50;
    const clients = Array.from({ length: M }, (_, i) => w.connect(`user-${i}`));
    for (const { connection } of clients)
      connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('c') }));
    await settle();
    expect(clients.every(({ socket }) => socket.frames.some((f) => f.type === 'subscribed'))).toBe(true);
    expect(w.calls).toEqual({ authenticate: M, mayFollow: M });
    // Every socket shares one pub/sub subscription.
    expect(w.gateway.topicCount).toBe(1);

    for (let n = 0; n < N; n++) await publishTopicEvent(w.pubsub, event('c', n));
    await settle();

    for (const { socket } of clients) {
      const received = socket.frames.filter((f) => f.type === 'conversation:activity');
      expect(received.map((f) => f.activity.n)).toEqual(Array.from({ length: N }, (_, n) => n));
    }
    expect(w.calls).toEqual({ authenticate: M, mayFollow: M });
  });

  test('an announcement concerning one user re-checks only that user’s sockets, and a refusal ends the subscription', async () => {
    let isAnnRevoked = false;
    const w = world((principal) => !(isAnnRevoked && principal.user.id === 'ann'));
    stop = () => w.gateway.stop();
    const ann = w.connect('ann');
    const bob = w.connect('bob');
    for (const { connection } of [ann, bob])
      connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('c') }));
    await settle();
    const before = { ...w.calls };

    isAnnRevoked = true;
    await w.principals.announce({ userIds: ['ann'] });
    await settle();
    expect(w.calls).toEqual({ authenticate: before.authenticate + 1, mayFollow: before.mayFollow + 1 });
    expect(ann.socket.frames.at(-1)).toEqual({
      type: 'unsubscribed',
      topic: conversation('c'),
      reason: 'revoked',
    });

    await publishTopicEvent(w.pubsub, event('c', 1));
    await settle();
    expect(ann.socket.frames.some((f) => f.type === 'conversation:activity')).toBe(false);
    expect(bob.socket.frames.filter((f) => f.type === 'conversation:activity')).toHaveLength(1);
    expect(w.gateway.topicCount).toBe(1);
  });

  test.each([
    [true, 1],
    [false, 0],
  ])(
    'events that arrive while a socket’s rights are checked again wait for the decision (allowed: %s)',
    async (isStillAllowed, delivered) => {
      let isAllowed = true;
      const w = world(() => isAllowed);
      stop = () => w.gateway.stop();
      const ann = w.connect('ann');
      ann.connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('c') }));
      await settle();

      const release = w.holdChecks();
      isAllowed = isStillAllowed;
      await w.principals.announce({ userIds: ['ann'] });
      await publishTopicEvent(w.pubsub, event('c', 7));
      await settle();
      expect(ann.socket.frames.some((f) => f.type === 'conversation:activity')).toBe(false);

      release();
      await settle();
      expect(ann.socket.frames.filter((f) => f.type === 'conversation:activity')).toHaveLength(delivered);
    },
  );

  test('a session that ended closes its socket with 4401 when the announcement comes', async () => {
    const w = world();
    stop = () => w.gateway.stop();
    const ann = w.connect('ann');
    ann.connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('c') }));
    await settle();
    w.sessions.delete(ann.token);
    await w.principals.announce({ sessionIds: ['session-ann'] });
    await settle();
    expect(ann.socket.closedWith).toBe(4401);
    expect(w.gateway.size).toBe(0);
    expect(w.gateway.topicCount).toBe(0);
  });

  test('a session that reaches its end closes its socket with 4401 by itself', async () => {
    vi.useFakeTimers();
    try {
      const w = world(undefined, () => Date.now() + 60_000);
      stop = () => w.gateway.stop();
      const ann = w.connect('ann');
      await vi.advanceTimersByTimeAsync(59_000);
      expect(ann.socket.closedWith).toBeUndefined();
      // The token has expired now: the check refuses it.
      w.sessions.delete(ann.token);
      await vi.advanceTimersByTimeAsync(1_001);
      expect(ann.socket.closedWith).toBe(4401);
    } finally {
      vi.useRealTimers();
    }
  });

  test('topic keys ignore the order of fields', () => {
    expect(topicKey({ kind: 'conversation', botId: 'b', conversationId: 'c' })).toBe(
      topicKey({ conversationId: 'c', botId: 'b', kind: 'conversation' } as RealtimeTopic),
    );
    expect(topicKey({ kind: 'bot-publishing', botId: 'b' })).not.toBe(
      topicKey({ kind: 'user-notifications', userId: 'b' }),
    );
  });
  test('talking in a conversation needs following it; bad messages and unknown conversations are answered with errors', async () => {
    const w = world();
    stop = () => w.gateway.stop();
    const { socket, connection } = w.connect('tester');
    const say = (conversationId: string, activity: unknown) =>
      connection.receive(
        JSON.stringify({ type: 'conversation:say', topic: conversation(conversationId), activity }),
      );
    say('c', { type: 'text', text: 'hello' });
    await settle();
    expect(socket.frames.at(-1)).toMatchObject({
      type: 'error',
      message: 'Subscribe to the conversation before talking in it.',
    });
    expect(w.said).toEqual([]);

    connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('c') }));
    say('c', { type: 'text', text: 'hello' });
    await settle();
    expect(w.said).toEqual([{ userId: 'tester', conversationId: 'c', text: 'hello' }]);

    say('c', { type: 'text', text: 'x'.repeat(4001) });
    say('c', { type: 'shout', text: 'hi' });
    await settle();
    expect(socket.frames.slice(-2)).toEqual([
      { type: 'error', message: 'Invalid message: A message holds at most 4000 characters.' },
      { type: 'error', message: 'Invalid message: A message is a text, a button click, files or an event.' },
    ]);

    connection.receive(JSON.stringify({ type: 'subscribe', topic: conversation('gone') }));
    say('gone', { type: 'text', text: 'hello' });
    await settle();
    expect(socket.frames.at(-1)).toMatchObject({
      type: 'error',
      message: 'This test chat does not exist (any more). Start a new one.',
    });
  });
});
