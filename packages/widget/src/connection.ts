import type { OutboundActivity } from '@parley/contracts';

/** The conversation's topic on the gateway. */
export interface ConversationTopic {
  kind: 'conversation';
  botId: string;
  conversationId: string;
}

export interface TurnEvent {
  /** What the visitor said, in this tab or another of theirs; none for a turn the bot took on its own. */
  said?: { type?: string; text?: string; files?: Array<{ url?: string; name?: string }> };
  activities: OutboundActivity[];
  responseDelayMs: number;
}

interface ConnectionHandlers {
  onTurn(turn: TurnEvent): void;
  onState(state: 'connecting' | 'online' | 'offline'): void;
  /** The socket's session ended (token expired, origin no longer allowed): get a new token. */
  onSessionEnded(): void;
  onError(message: string): void;
}

const SESSION_ENDED = 4401;
const PING_MS = 25_000;
const MAX_BACKOFF_MS = 15_000;

/**
 * The visitor's websocket: subscribes to the conversation, sends what the visitor says once the
 * subscription is in (queued before), pings to stay open behind proxies, and reconnects with a
 * growing pause when the connection drops. The conversation's state is on the server: a new
 * socket subscribes to the same topic and goes on.
 */
export class VisitorConnection {
  private socket: WebSocket | undefined;
  private isSubscribed = false;
  private queue: string[] = [];
  private attempts = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = false;

  constructor(
    private readonly websocketUrl: string,
    private visitorToken: string,
    private readonly topic: ConversationTopic,
    private readonly handlers: ConnectionHandlers,
  ) {}

  start(): void {
    this.isStopped = false;
    this.open();
  }

  /** A new token for the same conversation (after the old one expired). */
  renew(visitorToken: string): void {
    this.visitorToken = visitorToken;
    this.close();
    this.isStopped = false;
    this.open();
  }

  say(activity: Record<string, unknown>): void {
    const frame = JSON.stringify({ type: 'conversation:say', topic: this.topic, activity });
    if (this.isSubscribed && this.socket?.readyState === WebSocket.OPEN) this.socket.send(frame);
    else this.queue.push(frame);
  }

  stop(): void {
    this.isStopped = true;
    this.close();
  }

  private close(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    this.isSubscribed = false;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }

  private open(): void {
    this.handlers.onState('connecting');
    const url = new URL(this.websocketUrl);
    url.searchParams.set('app', 'parley');
    url.searchParams.set('widgetToken', this.visitorToken);
    const socket = new WebSocket(url.toString());
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'subscribe', topic: this.topic }));
      this.pingTimer = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
      }, PING_MS);
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      clearInterval(this.pingTimer);
      this.socket = undefined;
      this.isSubscribed = false;
      this.handlers.onState('offline');
      if (this.isStopped) return;
      if (event.code === SESSION_ENDED) {
        this.handlers.onSessionEnded();
        return;
      }
      const pause = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts++);
      this.retryTimer = setTimeout(() => this.open(), pause);
    };
  }

  private receive(raw: string): void {
    let message: {
      type?: string;
      message?: string;
      said?: TurnEvent['said'];
      activities?: OutboundActivity[];
      responseDelayMs?: number;
    };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.type === 'subscribed') {
      this.isSubscribed = true;
      this.attempts = 0;
      this.handlers.onState('online');
      for (const frame of this.queue.splice(0)) this.socket?.send(frame);
    } else if (message.type === 'conversation:turn' && Array.isArray(message.activities)) {
      this.handlers.onTurn({
        activities: message.activities,
        responseDelayMs: message.responseDelayMs ?? 0,
        ...(message.said ? { said: message.said } : {}),
      });
    } else if (message.type === 'error' && typeof message.message === 'string') {
      this.handlers.onError(message.message);
    }
  }
}
