import {
  AppError,
  type ClientMessage,
  type InboundActivity,
  type RealtimeTopic,
  type ServerMessage,
  type TopicOf,
  topicKey,
} from '@parley/contracts';
import type { Logger } from 'pino';
import type { PubSub } from '../../shared-state';
import { receiveInOrder } from './client-message';
import { createTopicRouter, type TopicFollower } from './topic-router';

/** What a gateway needs of a websocket (the `ws` socket has it; unit tests pass a fake). */
export interface GatewaySocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  readonly readyState: number;
  readonly OPEN: number;
}

/** One socket of a gateway, as the websocket route drives it. */
export interface GatewayConnection {
  /** A frame the client sent. */
  receive(raw: string): void;
  /** The socket closed. */
  closed(): void;
}

export interface Subscription {
  topic: RealtimeTopic;
  follower: TopicFollower;
}

/** What every gateway keeps of a socket; each adds its own (the principal, the visitor's session). */
export interface SocketConnection {
  socket: GatewaySocket;
  token: string;
  subscriptions: Map<string, Subscription>;
  /** Client messages are answered one at a time, in order. */
  inbox: Promise<void>;
  queuedMessages: number;
  expiryTimer: NodeJS.Timeout | undefined;
  isClosed: boolean;
}

/** The shared part of a socket's state, as it opens. */
export const newSocketConnection = (socket: GatewaySocket, token: string): SocketConnection => ({
  socket,
  token,
  subscriptions: new Map(),
  inbox: Promise.resolve(),
  queuedMessages: 0,
  expiryTimer: undefined,
  isClosed: false,
});

export interface SocketGatewayOptions<C extends SocketConnection> {
  pubsub: PubSub;
  log: Pick<Logger, 'error' | 'warn'>;
  /** Names the gateway in its log lines: 'a {name} topic could not be followed'. */
  name: string;
  /** Client messages waiting for their turn on one socket. */
  maxQueuedMessages: number;
  /** A topic the socket does not follow yet: the gateway decides, then calls `follow`. */
  subscribe(connection: C, topic: RealtimeTopic): Promise<void>;
  /** A message in a conversation the socket follows; an AppError thrown is told to the socket. */
  say(connection: C, topic: TopicOf<'conversation'>, activity: InboundActivity): Promise<void>;
  /** What the gateway forgets of its own when a socket goes. */
  forget?(connection: C): void;
}

/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What the websocket gateways share: a socket's opening ('connected', a timer at its session's
 * end), its messages taken in order and answered (ping, subscribe, unsubscribe, conversation:say),
 * its topics followed through one topic router, and its closing. A gateway keeps only its own:
 * who may follow what, and how a session is checked again.
 */
export function createSocketGateway<C extends SocketConnection>(options: SocketGatewayOptions<C>) {
  const connections = new Set<C>();
  const router = createTopicRouter(options.pubsub, (error) =>
    options.log.warn({ err: error }, `a ${options.name} topic could not be left`),
  );

  function sendFrame(connection: C, frame: string): void {
    if (!connection.isClosed && connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(frame);
  }
  const send = (connection: C, message: ServerMessage) => sendFrame(connection, JSON.stringify(message));

  function forget(connection: C): void {
    if (connection.isClosed) return;
    connection.isClosed = true;
    connections.delete(connection);
    clearTimeout(connection.expiryTimer);
    for (const { topic, follower } of connection.subscriptions.values()) router.unfollow(topic, follower);
    connection.subscriptions.clear();
    options.forget?.(connection);
  }

  function close(connection: C, code: number, reason: string): void {
    forget(connection);
    connection.socket.close(code, reason);
  }

  /**
   * Follows a topic for the socket and tells it `subscribed`. False when the topic could not be
   * followed (the socket is told `failure`), or the socket closed or lost the topic meanwhile.
   */
  async function follow(
    connection: C,
    topic: RealtimeTopic,
    follower: TopicFollower,
    failure: string,
  ): Promise<boolean> {
    const key = topicKey(topic);
    const subscription: Subscription = { topic, follower };
    connection.subscriptions.set(key, subscription);
    try {
      await router.follow(topic, follower);
    } catch (error) {
      connection.subscriptions.delete(key);
      options.log.error({ err: error }, `a ${options.name} topic could not be followed`);
      send(connection, { type: 'error', topic, message: failure });
      return false;
    }
    if (connection.isClosed) {
      router.unfollow(topic, follower);
      return false;
    }
    if (connection.subscriptions.get(key) !== subscription) return false;
    send(connection, { type: 'subscribed', topic });
    return true;
  }

  /** Stops following a topic; answers the subscription that ended, if there was one. */
  function drop(connection: C, key: string): Subscription | undefined {
    const subscription = connection.subscriptions.get(key);
    if (!subscription) return undefined;
    connection.subscriptions.delete(key);
    router.unfollow(subscription.topic, subscription.follower);
    return subscription;
  }

  /** Talking in a conversation needs following it: the subscription is where the right was checked. */
  async function say(connection: C, message: Extract<ClientMessage, { type: 'conversation:say' }>) {
    if (!connection.subscriptions.has(topicKey(message.topic))) {
      send(connection, {
        type: 'error',
        topic: message.topic,
        message: 'Subscribe to the conversation before talking in it.',
      });
      return;
    }
    try {
      await options.say(connection, message.topic, message.activity);
    } catch (error) {
      if (!(error instanceof AppError))
        options.log.error({ err: error }, `a ${options.name} message could not be answered`);
      const text =
        error instanceof AppError
          ? typeof error.data.details === 'string'
            ? error.data.details
            : error.message
          : 'The message could not be answered. Try again.';
      send(connection, { type: 'error', topic: message.topic, message: text });
    }
  }

  async function handle(connection: C, message: ClientMessage): Promise<void> {
    if (message.type === 'ping') send(connection, { type: 'pong' });
    else if (message.type === 'subscribe') {
      if (connection.subscriptions.has(topicKey(message.topic)))
        send(connection, { type: 'subscribed', topic: message.topic });
      else await options.subscribe(connection, message.topic);
    } else if (message.type === 'conversation:say') await say(connection, message);
    else {
      drop(connection, topicKey(message.topic));
      send(connection, { type: 'unsubscribed', topic: message.topic, reason: 'requested' });
    }
  }

  const onFailure = (error: unknown) =>
    options.log.error({ err: error }, `a ${options.name} message could not be handled`);

  return {
    connections: connections as ReadonlySet<C>,
    send,
    sendFrame,
    close,
    forget,
    follow,
    drop,
    /**
     * Keeps a socket until `closed()` and tells it `connected`; when its session ends by itself
     * (`expiresAtMs`), `onExpiry` runs then.
     */
    open(
      connection: C,
      at: { userId: string; expiresAtMs?: number | undefined; onExpiry(connection: C): void },
    ): GatewayConnection {
      connections.add(connection);
      if (at.expiresAtMs !== undefined) {
        connection.expiryTimer = setTimeout(
          () => at.onExpiry(connection),
          Math.min(MAX_TIMER_MS, Math.max(0, at.expiresAtMs - Date.now())),
        );
        connection.expiryTimer.unref();
      }
      send(connection, { type: 'connected', userId: at.userId });
      return {
        receive: (raw) =>
          receiveInOrder(connection, raw, {
            maxQueued: options.maxQueuedMessages,
            handle,
            send,
            onFailure,
          }),
        closed: () => forget(connection),
      };
    },
    async stop(): Promise<void> {
      for (const connection of [...connections]) forget(connection);
      await router.close();
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
