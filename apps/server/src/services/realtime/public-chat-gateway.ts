import {
  AppError,
  type InboundActivity,
  type RealtimeTopic,
  type TopicOf,
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
import {
  createSocketGateway,
  type GatewayConnection,
  type GatewaySocket,
  newSocketConnection,
  type SocketConnection,
} from './socket-gateway';

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
  /**
   * Messages of one socket that wait for their turn; past it they are refused. At least what the
   * visitors' rate limit lets through at once, so no message the limit allows is refused here.
   */
  maxQueuedMessages?: number;
}

/** A visitor's socket follows its current conversation and, briefly, the one Restart left. */
export const MAX_PUBLIC_CHAT_TOPICS = 3;
const MAX_QUEUED_MESSAGES = 20;

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

interface VisitorConnection<S extends VisitorSession> extends SocketConnection {
  session: S;
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
  const gateway = createSocketGateway<Connection>({
    pubsub: deps.pubsub,
    log: deps.log,
    name: 'public test chat',
    maxQueuedMessages: deps.maxQueuedMessages ?? MAX_QUEUED_MESSAGES,
    subscribe,
    say: async (connection, topic, activity) => {
      const session = await currentSession(connection);
      if (session) await deps.say(session, topic, activity);
    },
  });
  const { send } = gateway;
  const end = (connection: Connection) =>
    gateway.close(connection, WEBSOCKET_CLOSE.sessionEnded, 'session ended');

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
    const follower = (frame: string) => gateway.sendFrame(connection, visitorFrame(frame));
    await gateway.follow(connection, topic, follower, 'This conversation cannot be followed now. Try again.');
  }

  return {
    /** Keeps a visitor's socket until `closed()`; it is closed with 4401 when its token expires. */
    add(socket: GatewaySocket, session: S, token: string): GatewayConnection {
      return gateway.open(
        { ...newSocketConnection(socket, token), session },
        { userId: session.userKey, expiresAtMs: session.expiresAtMs, onExpiry: end },
      );
    },
    stop: () => gateway.stop(),
    get size(): number {
      return gateway.size;
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
