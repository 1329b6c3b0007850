import { type TenantsChangedMessage, WEBSOCKET_APP_NAME, WEBSOCKET_CLOSE } from '@parley/contracts';
import { isApiError } from '../../../api/api-error';
import { getToken } from '../../../api/session';
import { fetchWebsocketUrl } from '../api/master-tenant-api';

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

type Incoming = { type: 'connected' } | TenantsChangedMessage;

/** Reads the two server messages this screen needs; anything else is ignored. */
function readMessage(data: unknown): Incoming | undefined {
  if (typeof data !== 'string') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, tenantId, change } = message as Record<string, unknown>;
  if (type === 'connected') return { type };
  if (
    type === 'tenants:changed' &&
    typeof tenantId === 'string' &&
    (change === 'created' || change === 'deleted')
  )
    return { type, tenantId, change };
  return undefined;
}

interface TenantEventHandlers {
  onChange: (message: TenantsChangedMessage) => void;
  /** The socket is back after a drop: whatever changed meanwhile was missed. */
  onReconnected: () => void;
}

/**
 * Listens to tenant creations and deletions over the websocket gateway, reconnecting with
 * backoff whenever the socket closes, until the returned function is called. A session the
 * server ended (close code 4401, or a refused address request) is not retried: the page's
 * next call logs out.
 */
export function connectTenantEvents({ onChange, onReconnected }: TenantEventHandlers): () => void {
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
    const token = getToken();
    if (isStopped || !token) return;
    let url: string;
    try {
      url = (await fetchWebsocketUrl()).url;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return;
      retry();
      return;
    }
    if (isStopped) return;
    const ws = new WebSocket(socketAddress(url, token));
    socket = ws;
    ws.addEventListener('message', (event) => {
      const message = readMessage(event.data);
      if (message?.type === 'connected') {
        if (hasConnected) onReconnected();
        hasConnected = true;
        attempt = 0;
      } else if (message?.type === 'tenants:changed') {
        onChange(message);
      }
    });
    ws.addEventListener('close', (event) => {
      if (socket === ws) socket = undefined;
      if (event.code !== WEBSOCKET_CLOSE.sessionEnded) retry();
    });
  }

  void open();
  return () => {
    isStopped = true;
    window.clearTimeout(retryTimer);
    socket?.close(1000, 'page left');
    socket = undefined;
  };
}
