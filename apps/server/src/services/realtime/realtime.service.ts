import {
  AppError,
  type ClientMessage,
  type InboundActivity,
  type RealtimeTopic,
  type ServerMessage,
  type TopicOf,
  topicKey,
  WEBSOCKET_CLOSE,
} from '@parley/contracts';
import { decodeJwt } from 'jose';
import type { Logger } from 'pino';
import { authenticate } from '../../auth/guard';
import type { Principal } from '../../auth/principal';
import { type AuthChange, concerns, type PrincipalCache } from '../../auth/principal-cache';
import type { AppContext } from '../../context';
import type { PubSub } from '../../shared-state';
import { sayInTestChat } from '../conversations/test-chat.service';
import { receiveInOrder } from './client-message';
import { mayFollow } from './topic-access';
import { createTopicRouter, type TopicFollower } from './topic-router';

/** What the gateway needs of a websocket (the `ws` socket has it; unit tests pass a fake). */
export interface GatewaySocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  readonly OPEN: number;
}

export interface RealtimeGatewayDeps {
  pubsub: PubSub;
  principals: Pick<PrincipalCache, 'onForget'>;
  /** The session's principal, or throws an AppError when the session is no longer valid. */
  authenticate(token: string): Promise<Principal>;
  mayFollow(principal: Principal, topic: RealtimeTopic): Promise<boolean>;
  /**
   * A user's message in a test chat: runs the turn and publishes its conversation:turn event on
   * the topic. Throws an AppError the socket is told about.
   */
  say(principal: Principal, topic: TopicOf<'conversation'>, activity: InboundActivity): Promise<void>;
  /** When the session behind a token ends by itself (ms since the epoch), if known. */
  sessionEndsAt?(token: string): number | undefined;
  log: Pick<Logger, 'error' | 'warn'>;
}

/** A socket follows at most this many topics (a screen needs a handful). */
export const MAX_TOPICS_PER_SOCKET = 50;
/** Events held for a socket while its rights are checked again; past it the socket must reconnect. */
const MAX_HELD_EVENTS = 500;
/** Client messages waiting for their turn on one socket. */
const MAX_QUEUED_MESSAGES = 100;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Subscription {
  topic: RealtimeTopic;
  follower: TopicFollower;
}

interface Connection {
  socket: GatewaySocket;
  token: string;
  /** As of the last check: whom changes concern. */
  principal: Principal;
  subscriptions: Map<string, Subscription>;
  /** Bumped by every change that concerns this socket; re-checks run until they have seen the last. */
  changes: number;
  checkedChanges: number;
  /** While true the socket's rights are being checked again and its events wait in `held`. */
  isRechecking: boolean;
  held: Array<{ key: string; frame: string }>;
  /** Client messages are answered one at a time, in order. */
  inbox: Promise<void>;
  queuedMessages: number;
  expiryTimer: NodeJS.Timeout | undefined;
  isClosed: boolean;
}

/** One socket of the gateway, as the websocket route drives it. */
export interface GatewayConnection {
  /** A frame the client sent. */
  receive(raw: string): void;
  /** The socket closed. */
  closed(): void;
}

/**
 * The websocket gateway of one process. A socket subscribes to topics; each subscription is
 * authorised once, when it is made, and the decision is kept until the session ends or an
 * auth-changes announcement (logout, role, membership or tenant changes, on any process)
 * concerns the socket: then its rights are checked again, and subscriptions it lost end. An
 * event published on a topic's pub/sub channel goes to the sockets following it with no
 * database work, on every process.
 */
export function createRealtimeGatewayWith(deps: RealtimeGatewayDeps) {
  const connections = new Set<Connection>();
  const router = createTopicRouter(deps.pubsub, (error) =>
    deps.log.warn({ err: error }, 'a websocket topic could not be left'),
  );
  let stopListening: (() => void) | undefined;

  const send = (connection: Connection, message: ServerMessage) =>
    sendFrame(connection, JSON.stringify(message));
  function sendFrame(connection: Connection, frame: string): void {
    if (!connection.isClosed && connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(frame);
  }

  function close(connection: Connection, code: number, reason: string): void {
    forgetConnection(connection);
    connection.socket.close(code, reason);
  }

  function forgetConnection(connection: Connection): void {
    if (connection.isClosed) return;
    connection.isClosed = true;
    connections.delete(connection);
    clearTimeout(connection.expiryTimer);
    for (const { topic, follower } of connection.subscriptions.values()) router.unfollow(topic, follower);
    connection.subscriptions.clear();
    connection.held = [];
  }

  /** A session the server no longer accepts closes its sockets; anything else is ours, and the client retries. */
  function closeForFailedCheck(connection: Connection, error: unknown): void {
    if (error instanceof AppError) {
      close(connection, WEBSOCKET_CLOSE.sessionEnded, 'session ended');
      return;
    }
    deps.log.error({ err: error }, 'a websocket session could not be checked');
    close(connection, 1011, 'server error');
  }

  function deliver(connection: Connection, key: string, frame: string): void {
    if (!connection.isRechecking) {
      sendFrame(connection, frame);
      return;
    }
    if (connection.held.length >= MAX_HELD_EVENTS) {
      close(connection, 1013, 'too many events, reconnect');
      return;
    }
    connection.held.push({ key, frame });
  }

  function unsubscribe(connection: Connection, key: string, reason: 'requested' | 'revoked'): void {
    const subscription = connection.subscriptions.get(key);
    if (!subscription) return;
    connection.subscriptions.delete(key);
    router.unfollow(subscription.topic, subscription.follower);
    send(connection, { type: 'unsubscribed', topic: subscription.topic, reason });
  }

  /** Checks the socket's session and every subscription again; events wait meanwhile. */
  function recheck(connection: Connection): void {
    connection.changes++;
    if (connection.isRechecking || connection.isClosed) return;
    connection.isRechecking = true;
    void runRechecks(connection);
  }

  async function runRechecks(connection: Connection): Promise<void> {
    try {
      while (connection.checkedChanges !== connection.changes && !connection.isClosed) {
        const seen = connection.changes;
        let principal: Principal;
        try {
          principal = await deps.authenticate(connection.token);
        } catch (error) {
          closeForFailedCheck(connection, error);
          return;
        }
        connection.principal = principal;
        const subscriptions = [...connection.subscriptions];
        const decisions = await Promise.all(subscriptions.map(([, { topic }]) => decide(principal, topic)));
        subscriptions.forEach(([key, subscription], i) => {
          if (!decisions[i] && connection.subscriptions.get(key) === subscription)
            unsubscribe(connection, key, 'revoked');
        });
        connection.checkedChanges = seen;
      }
    } finally {
      connection.isRechecking = false;
      const held = connection.held;
      connection.held = [];
      for (const { key, frame } of held) if (connection.subscriptions.has(key)) sendFrame(connection, frame);
    }
  }

  /** A decision that cannot be made is a refusal: a socket never follows a topic by accident. */
  async function decide(principal: Principal, topic: RealtimeTopic): Promise<boolean> {
    try {
      return await deps.mayFollow(principal, topic);
    } catch (error) {
      deps.log.error({ err: error, topic }, 'a websocket subscription could not be authorised');
      return false;
    }
  }

  async function subscribe(connection: Connection, topic: RealtimeTopic): Promise<void> {
    const key = topicKey(topic);
    if (connection.subscriptions.has(key)) {
      send(connection, { type: 'subscribed', topic });
      return;
    }
    if (connection.subscriptions.size >= MAX_TOPICS_PER_SOCKET) {
      send(connection, {
        type: 'error',
        topic,
        message: `A socket follows at most ${MAX_TOPICS_PER_SOCKET} topics; unsubscribe from one first.`,
      });
      return;
    }
    const changesBefore = connection.changes;
    let principal: Principal;
    try {
      principal = await deps.authenticate(connection.token);
    } catch (error) {
      closeForFailedCheck(connection, error);
      return;
    }
    if (!(await decide(principal, topic))) {
      send(connection, { type: 'error', topic, message: 'You may not follow this topic.' });
      return;
    }
    if (connection.isClosed) return;
    const subscription: Subscription = { topic, follower: (frame) => deliver(connection, key, frame) };
    connection.subscriptions.set(key, subscription);
    try {
      await router.follow(topic, subscription.follower);
    } catch (error) {
      connection.subscriptions.delete(key);
      deps.log.error({ err: error }, 'a websocket topic could not be followed');
      send(connection, { type: 'error', topic, message: 'This topic cannot be followed now. Try again.' });
      return;
    }
    if (connection.isClosed) {
      router.unfollow(topic, subscription.follower);
      return;
    }
    if (connection.subscriptions.get(key) !== subscription) return;
    send(connection, { type: 'subscribed', topic });
    // A change announced while this was decided may have been read before it landed.
    if (connection.changes !== changesBefore) recheck(connection);
  }

  /** Talking in a conversation needs following it: the subscription is where the right was checked. */
  async function say(connection: Connection, message: Extract<ClientMessage, { type: 'conversation:say' }>) {
    if (!connection.subscriptions.has(topicKey(message.topic))) {
      send(connection, {
        type: 'error',
        topic: message.topic,
        message: 'Subscribe to the conversation before talking in it.',
      });
      return;
    }
    try {
      await deps.say(connection.principal, message.topic, message.activity);
    } catch (error) {
      if (!(error instanceof AppError))
        deps.log.error({ err: error }, 'a test chat message could not be answered');
      const text =
        error instanceof AppError
          ? typeof error.data.details === 'string'
            ? error.data.details
            : error.message
          : 'The message could not be answered. Try again.';
      send(connection, { type: 'error', topic: message.topic, message: text });
    }
  }

  async function handle(connection: Connection, message: ClientMessage): Promise<void> {
    if (message.type === 'ping') send(connection, { type: 'pong' });
    else if (message.type === 'subscribe') await subscribe(connection, message.topic);
    else if (message.type === 'conversation:say') await say(connection, message);
    else {
      const key = topicKey(message.topic);
      if (connection.subscriptions.has(key)) unsubscribe(connection, key, 'requested');
      else send(connection, { type: 'unsubscribed', topic: message.topic, reason: 'requested' });
    }
  }

  function receive(connection: Connection, raw: string): void {
    receiveInOrder(connection, raw, {
      maxQueued: MAX_QUEUED_MESSAGES,
      handle,
      send,
      onFailure: (error) => deps.log.error({ err: error }, 'a websocket message could not be handled'),
    });
  }

  function onAuthChange(change: AuthChange): void {
    for (const connection of connections) {
      const { sessionId, tenantId, user } = connection.principal;
      if (concerns(change, { sessionId, userId: user.id, tenantId })) recheck(connection);
    }
  }

  return {
    start(): void {
      stopListening = deps.principals.onForget(onAuthChange);
    },
    async stop(): Promise<void> {
      stopListening?.();
      for (const connection of [...connections]) forgetConnection(connection);
      await router.close();
    },
    /** Keeps an authenticated socket until `closed()`; it follows nothing until it subscribes. */
    add(socket: GatewaySocket, principal: Principal, token: string): GatewayConnection {
      const connection: Connection = {
        socket,
        token,
        principal,
        subscriptions: new Map(),
        changes: 0,
        checkedChanges: 0,
        isRechecking: false,
        held: [],
        inbox: Promise.resolve(),
        queuedMessages: 0,
        expiryTimer: undefined,
        isClosed: false,
      };
      connections.add(connection);
      const endsAt = deps.sessionEndsAt?.(token);
      if (endsAt !== undefined) {
        // The session's end is a change like a logout: the check finds it over and closes the socket.
        connection.expiryTimer = setTimeout(
          () => recheck(connection),
          Math.min(MAX_TIMER_MS, Math.max(0, endsAt - Date.now() + 1)),
        );
        connection.expiryTimer.unref();
      }
      send(connection, { type: 'connected', userId: principal.user.id });
      return {
        receive: (raw) => receive(connection, raw),
        closed: () => forgetConnection(connection),
      };
    },
    get size(): number {
      return connections.size;
    },
    /** Topics this process listens to on the pub/sub. */
    get topicCount(): number {
      return router.topicCount;
    },
  };
}

/** The expiry a session token carries (already verified when the socket connected). */
function tokenExpiry(token: string): number | undefined {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function createRealtimeGateway(ctx: AppContext) {
  return createRealtimeGatewayWith({
    pubsub: ctx.shared.pubsub,
    principals: ctx.principals,
    authenticate: (token) => authenticate(ctx, token),
    mayFollow,
    say: (principal, topic, activity) => sayInTestChat(ctx, principal, topic, activity),
    sessionEndsAt: tokenExpiry,
    log: ctx.log,
  });
}

export type RealtimeGateway = ReturnType<typeof createRealtimeGatewayWith>;
