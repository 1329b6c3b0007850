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
import type { Logger } from 'pino';
import type { AppContext } from '../../context';
import type { PubSub } from '../../shared-state';
import {
  isSessionConversation,
  type PublicChatSession,
  publicChatSession,
  sayInPublicTestChat,
} from '../conversations/test-chat-link.service';
import { receiveInOrder } from './client-message';
import type { GatewayConnection, GatewaySocket } from './realtime.service';
import { createTopicRouter, type TopicFollower } from './topic-router';

/** What a visitor's socket needs of its session: whose conversations it follows, and until when. */
export interface VisitorSession {
  userKey: string;
  expiresAtMs: number;
}

/**
 * A gateway for visitors without a platform account: the public test chat's sessions, and the chat
 * widget's visitors (services/chat-bubble), each with its own session and its own checks.
 */
export interface PublicChatGatewayDeps<S extends VisitorSession = PublicChatSession> {
  pubsub: PubSub;
  /** The session behind a token as it is now; throws an AppError once it has ended. */
  session(token: string): Promise<S>;
  isSessionConversation(session: S, topic: TopicOf<'conversation'>): Promise<boolean>;
  say(session: S, topic: TopicOf<'conversation'>, activity: InboundActivity): Promise<void>;
  log: Pick<Logger, 'error' | 'warn'>;
}

/** A visitor's socket follows its current conversation and, briefly, the one Restart left. */
export const MAX_PUBLIC_CHAT_TOPICS = 3;
const MAX_QUEUED_MESSAGES = 20;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a visitor sees of a turn: the answers, not the designer's details (intents, variables). */
const NO_DETAILS = {
  intent: null,
  score: null,
  entities: [],
  intents: [],
  variables: [],
  flowTriggered: null,
  error: null,
};

function visitorFrame(frame: string): string {
  const event = JSON.parse(frame) as Record<string, unknown>;
  return event.type === 'conversation:turn' ? JSON.stringify({ ...event, details: NO_DETAILS }) : frame;
}

interface VisitorConnection<S extends VisitorSession> {
  socket: GatewaySocket;
  token: string;
  session: S;
  subscriptions: Map<string, { topic: TopicOf<'conversation'>; follower: TopicFollower }>;
  inbox: Promise<void>;
  queuedMessages: number;
  expiryTimer: NodeJS.Timeout | undefined;
  isClosed: boolean;
}

/**
 * The websocket side of the public test chat: a socket opened with a test chat session token
 * (not a platform token) may follow and talk in only the conversations its session started, of
 * the one bot the token names. It speaks the same messages as the platform gateway
 * (subscribe, conversation:say, ping); the session is checked again on every subscribe and
 * message, so a reset password ends it at once.
 */
export function createPublicChatGatewayWith<S extends VisitorSession>(deps: PublicChatGatewayDeps<S>) {
  type Connection = VisitorConnection<S>;
  const connections = new Set<Connection>();
  const router = createTopicRouter(deps.pubsub, (error) =>
    deps.log.warn({ err: error }, 'a public test chat topic could not be left'),
  );

  const sendFrame = (connection: Connection, frame: string) => {
    if (!connection.isClosed && connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(frame);
  };
  const send = (connection: Connection, message: ServerMessage) =>
    sendFrame(connection, JSON.stringify(message));

  function forget(connection: Connection): void {
    if (connection.isClosed) return;
    connection.isClosed = true;
    connections.delete(connection);
    clearTimeout(connection.expiryTimer);
    for (const { topic, follower } of connection.subscriptions.values()) router.unfollow(topic, follower);
    connection.subscriptions.clear();
  }

  function end(connection: Connection): void {
    forget(connection);
    connection.socket.close(WEBSOCKET_CLOSE.sessionEnded, 'session ended');
  }

  /** The session as it is now; a session that ended closes the socket (undefined then). */
  async function currentSession(connection: Connection): Promise<S | undefined> {
    try {
      connection.session = await deps.session(connection.token);
      return connection.session;
    } catch (error) {
      if (!(error instanceof AppError))
        deps.log.error({ err: error }, 'a public test chat session could not be checked');
      end(connection);
      return undefined;
    }
  }

  async function subscribe(connection: Connection, topic: RealtimeTopic): Promise<void> {
    const key = topicKey(topic);
    if (connection.subscriptions.has(key)) {
      send(connection, { type: 'subscribed', topic });
      return;
    }
    const session = await currentSession(connection);
    if (!session) return;
    const refuse = (message: string) => send(connection, { type: 'error', topic, message });
    if (topic.kind !== 'conversation' || !(await deps.isSessionConversation(session, topic))) {
      refuse('You may not follow this topic.');
      return;
    }
    if (connection.subscriptions.size >= MAX_PUBLIC_CHAT_TOPICS) {
      refuse(
        `A test chat follows at most ${MAX_PUBLIC_CHAT_TOPICS} conversations; unsubscribe from one first.`,
      );
      return;
    }
    if (connection.isClosed) return;
    const subscription = { topic, follower: (frame: string) => sendFrame(connection, visitorFrame(frame)) };
    connection.subscriptions.set(key, subscription);
    try {
      await router.follow(topic, subscription.follower);
    } catch (error) {
      connection.subscriptions.delete(key);
      deps.log.error({ err: error }, 'a public test chat topic could not be followed');
      refuse('This conversation cannot be followed now. Try again.');
      return;
    }
    if (connection.isClosed) router.unfollow(topic, subscription.follower);
    else send(connection, { type: 'subscribed', topic });
  }

  async function say(connection: Connection, message: Extract<ClientMessage, { type: 'conversation:say' }>) {
    if (!connection.subscriptions.has(topicKey(message.topic))) {
      send(connection, {
        type: 'error',
        topic: message.topic,
        message: 'Subscribe to the conversation before talking in it.',
      });
      return;
    }
    const session = await currentSession(connection);
    if (!session) return;
    try {
      await deps.say(session, message.topic, message.activity);
    } catch (error) {
      if (!(error instanceof AppError)) deps.log.error({ err: error }, 'a public test chat message failed');
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
      const subscription = connection.subscriptions.get(key);
      if (subscription) {
        connection.subscriptions.delete(key);
        router.unfollow(subscription.topic, subscription.follower);
      }
      send(connection, { type: 'unsubscribed', topic: message.topic, reason: 'requested' });
    }
  }

  function receive(connection: Connection, raw: string): void {
    receiveInOrder(connection, raw, {
      maxQueued: MAX_QUEUED_MESSAGES,
      handle,
      send,
      onFailure: (error) => deps.log.error({ err: error }, 'a public test chat message could not be handled'),
    });
  }

  return {
    /** Keeps a visitor's socket until `closed()`; it is closed with 4401 when its token expires. */
    add(socket: GatewaySocket, session: S, token: string): GatewayConnection {
      const connection: Connection = {
        socket,
        token,
        session,
        subscriptions: new Map(),
        inbox: Promise.resolve(),
        queuedMessages: 0,
        expiryTimer: undefined,
        isClosed: false,
      };
      connections.add(connection);
      connection.expiryTimer = setTimeout(
        () => end(connection),
        Math.min(MAX_TIMER_MS, Math.max(0, session.expiresAtMs - Date.now())),
      );
      connection.expiryTimer.unref();
      send(connection, { type: 'connected', userId: session.userKey });
      return { receive: (raw) => receive(connection, raw), closed: () => forget(connection) };
    },
    async stop(): Promise<void> {
      for (const connection of [...connections]) forget(connection);
      await router.close();
    },
    get size(): number {
      return connections.size;
    },
  };
}

export function createPublicChatGateway(ctx: AppContext) {
  return createPublicChatGatewayWith({
    pubsub: ctx.shared.pubsub,
    session: (token) => publicChatSession(ctx, token),
    isSessionConversation: (session, topic) => isSessionConversation(ctx, session, topic),
    say: (session, topic, activity) => sayInPublicTestChat(ctx, session, topic, activity),
    log: ctx.log,
  });
}
