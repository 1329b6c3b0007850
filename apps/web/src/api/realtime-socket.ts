import {
  type ClientMessage,
  type RealtimeTopic,
  WEBSOCKET_APP_NAME,
  WEBSOCKET_CLOSE,
  type WebsocketUrl,
} from '@parley/contracts';
import { isApiError } from './api-error';
import { api } from './client';
import { getToken } from './session';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s ... at most 30 s, each ±20 % so that many tabs do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.8 + random() * 0.4));
}

/** The gateway's address with the app name and the base64 platform token (spec 01 section 7). */
export function socketAddress(url: string, token: string): string {
  const address = new URL(url);
  address.searchParams.set('app', WEBSOCKET_APP_NAME);
  address.searchParams.set('token', btoa(token));
  return address.toString();
}

const fetchWebsocketUrl = () => api.get<WebsocketUrl>('/api/websocket-url');

/** The platform gateway's address with the signed-in user's token; null when signed out. */
async function platformAddress(): Promise<string | null> {
  const token = getToken();
  if (!token) return null;
  const { url } = await fetchWebsocketUrl();
  return socketAddress(url, token);
}

export interface RealtimeHandlers {
  /** What this connection follows: subscribed on every (re)connection, before any event. */
  topics: RealtimeTopic[];
  /** Each message the gateway sends, parsed from JSON (text that is not JSON never arrives here). */
  onMessage: (message: Record<string, unknown>) => void;
  /** The socket is back after a drop: whatever happened meanwhile was missed. */
  onReconnected?: () => void;
  /**
   * Where to connect, query included; null when there is no session to connect with. Unset: the
   * gateway's address with the platform token (the public test chat brings its own).
   */
  address?: () => Promise<string | null>;
  /** The server ended the session behind the socket (close code 4401); it is not retried. */
  onSessionEnded?: () => void;
}

/** A live connection: what the client says, and how to end it. */
export interface RealtimeConnection {
  /** Sends a message on the current socket; false while there is none (it is reconnecting). */
  send(message: ClientMessage): boolean;
  close(): void;
}

/**
 * A connection to the websocket gateway, following `topics`, that reconnects with backoff whenever the socket
 * closes, until the returned function is called. A session the server ended (close code 4401,
 * or a refused address request) is not retried: the page's next call logs out.
 */
export function connectRealtime(handlers: RealtimeHandlers): () => void {
  return openRealtime(handlers).close;
}

/** connectRealtime, for a screen that also talks over the socket (the test chat). */
export function openRealtime({
  topics,
  onMessage,
  onReconnected,
  address = platformAddress,
  onSessionEnded,
}: RealtimeHandlers): RealtimeConnection {
  let socket: WebSocket | undefined;
  let retryTimer: number | undefined;
  let attempt = 0;
  let hasConnected = false;
  let isStopped = false;

  const retry = () => {
    if (isStopped) return;
    retryTimer = window.setTimeout(() => void open(), reconnectDelay(attempt));
    attempt += 1;
  };

  async function open(): Promise<void> {
    if (isStopped) return;
    let url: string | null;
    try {
      url = await address();
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      retry();
      return;
    }
    if (isStopped || url === null) return;
    const ws = new WebSocket(url);
    socket = ws;
    let awaitingAnswers = 0;
    ws.addEventListener('message', (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.type === 'connected') {
        for (const topic of topics) send(ws, { type: 'subscribe', topic });
        // After a reconnection the screen refetches what it missed, but only once every topic is answered:
        // an event between a refetch and its subscription would be lost.
        awaitingAnswers = hasConnected ? topics.length : 0;
        if (hasConnected && awaitingAnswers === 0) onReconnected?.();
        hasConnected = true;
        attempt = 0;
        return;
      }
      if (awaitingAnswers > 0 && answersSubscription(message)) {
        awaitingAnswers -= 1;
        if (awaitingAnswers === 0) onReconnected?.();
      }
      onMessage(message);
    });
    ws.addEventListener('close', (event) => {
      if (socket === ws) socket = undefined;
      if (event.code !== WEBSOCKET_CLOSE.sessionEnded) retry();
      else if (!isStopped) onSessionEnded?.();
    });
  }

  void open();
  return {
    send: (message) => (socket ? send(socket, message) : false),
    close: () => {
      isStopped = true;
      window.clearTimeout(retryTimer);
      socket?.close(1000, 'page left');
      socket = undefined;
    },
  };
}

/** The server answers each subscribe with 'subscribed', or with an error naming the topic. */
function answersSubscription(message: Record<string, unknown>): boolean {
  return message.type === 'subscribed' || (message.type === 'error' && message.topic !== undefined);
}

function send(ws: WebSocket, message: ClientMessage): boolean {
  if (ws.readyState !== WebSocket.OPEN) return false;
  ws.send(JSON.stringify(message));
  return true;
}

function parse(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message: unknown = JSON.parse(data);
    return typeof message === 'object' && message !== null ? (message as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
