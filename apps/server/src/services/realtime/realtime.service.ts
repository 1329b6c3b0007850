import {
  AppError,
  type InboundActivity,
  type RealtimeTopic,
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
import {
  createSocketGateway,
  type GatewayConnection,
  type GatewaySocket,
  newSocketConnection,
  type SocketConnection,
} from './socket-gateway';
import { mayFollow } from './topic-access';

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

interface Connection extends SocketConnection {
  /** As of the last check: whom changes concern. */
  principal: Principal;
  /** Bumped by every change that concerns this socket; re-checks run until they have seen the last. */
  changes: number;
  checkedChanges: number;
  /** While true the socket's rights are being checked again and its events wait in `held`. */
  isRechecking: boolean;
  held: Array<{ key: string; frame: string }>;
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
  const gateway = createSocketGateway<Connection>({
    pubsub: deps.pubsub,
    log: deps.log,
    name: 'websocket',
    maxQueuedMessages: MAX_QUEUED_MESSAGES,
    subscribe,
    say: (connection, topic, activity) => deps.say(connection.principal, topic, activity),
    forget: (connection) => {
      connection.held = [];
    },
  });
  const { send, sendFrame, close } = gateway;
  let stopListening: (() => void) | undefined;

  /** A session the server no longer accepts closes its sockets; anything else is ours, and the client retries. */
  function closeForFailedCheck(connection: Connection, error: unknown): void {
    if (error instanceof AppError) {
      close(connection, WEBSOCKET_CLOSE.sessionEnded, 'session ended');
      return;
    }
    deps.log.error({ err: error }, 'a websocket session could not be checked');
    close(connection, 1011, 'server error');
  }

  /** The socket's session as it is now; undefined when the check failed (the socket is closed then). */
  async function authenticated(connection: Connection): Promise<Principal | undefined> {
    try {
      return await deps.authenticate(connection.token);
    } catch (error) {
      closeForFailedCheck(connection, error);
      return undefined;
    }
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

  function revoke(connection: Connection, key: string): void {
    const subscription = gateway.drop(connection, key);
    if (subscription)
      send(connection, { type: 'unsubscribed', topic: subscription.topic, reason: 'revoked' });
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
        const principal = await authenticated(connection);
        if (!principal) return;
        connection.principal = principal;
        const subscriptions = [...connection.subscriptions];
        const decisions = await Promise.all(subscriptions.map(([, { topic }]) => decide(principal, topic)));
        subscriptions.forEach(([key, subscription], i) => {
          if (!decisions[i] && connection.subscriptions.get(key) === subscription) revoke(connection, key);
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
    if (connection.subscriptions.size >= MAX_TOPICS_PER_SOCKET) {
      send(connection, {
        type: 'error',
        topic,
        message: `A socket follows at most ${MAX_TOPICS_PER_SOCKET} topics; unsubscribe from one first.`,
      });
      return;
    }
    const changesBefore = connection.changes;
    const principal = await authenticated(connection);
    if (!principal) return;
    if (!(await decide(principal, topic))) {
      send(connection, { type: 'error', topic, message: 'You may not follow this topic.' });
      return;
    }
    if (connection.isClosed) return;
    const key = topicKey(topic);
    const follower = (frame: string) => deliver(connection, key, frame);
    if (!(await gateway.follow(connection, topic, follower, 'This topic cannot be followed now. Try again.')))
      return;
    // A change announced while this was decided may have been read before it landed.
    if (connection.changes !== changesBefore) recheck(connection);
  }

  function onAuthChange(change: AuthChange): void {
    for (const connection of gateway.connections) {
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
      await gateway.stop();
    },
    /** Keeps an authenticated socket until `closed()`; it follows nothing until it subscribes. */
    add(socket: GatewaySocket, principal: Principal, token: string): GatewayConnection {
      const connection: Connection = {
        ...newSocketConnection(socket, token),
        principal,
        changes: 0,
        checkedChanges: 0,
        isRechecking: false,
        held: [],
      };
      const endsAt = deps.sessionEndsAt?.(token);
      return gateway.open(connection, {
        userId: principal.user.id,
        // The session's end is a change like a logout: the check finds it over and closes the socket.
        expiresAtMs: endsAt === undefined ? undefined : endsAt + 1,
        onExpiry: recheck,
      });
    },
    get size(): number {
      return gateway.size;
    },
    /** Topics this process listens to on the pub/sub. */
    get topicCount(): number {
      return gateway.topicCount;
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
