import { type SyncProgressStateMessage, WEBSOCKET_CLOSE } from '@parley/contracts';
import { isApiError } from '../../../api/api-error';
import { getToken } from '../../../api/session';
import { fetchWebsocketUrl } from '../../tenants/api/master-tenant-api';
import { reconnectDelay, socketAddress } from '../../tenants/realtime/tenant-events-socket';

function readProgress(data: unknown): SyncProgressStateMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message = JSON.parse(data) as Partial<SyncProgressStateMessage> | null;
    if (
      message?.type === 'sync:progress-state' &&
      typeof message.botName === 'string' &&
      typeof message.provider === 'string' &&
      typeof message.syncId === 'string' &&
      typeof message.progress === 'object'
    )
      return message as SyncProgressStateMessage;
  } catch {
    // Not ours to read.
  }
  return undefined;
}

/**
 * Listens to `sync:progress-state` pushes (spec 02 section 4) until the returned function is
 * called, reconnecting with backoff; polling covers the gaps.
 */
export function connectSyncEvents(onProgress: (message: SyncProgressStateMessage) => void): () => void {
  let socket: WebSocket | undefined;
  let retryTimer: number | undefined;
  let attempt = 0;
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
    ws.addEventListener('open', () => {
      attempt = 0;
    });
    ws.addEventListener('message', (event) => {
      const message = readProgress(event.data);
      if (message) onProgress(message);
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
