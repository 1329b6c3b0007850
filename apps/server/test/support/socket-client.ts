import { type ServerMessage, serverMessageSchema } from '@parley/contracts';
import WebSocket from 'ws';

/** A real websocket client that keeps every server message and can wait for one. */
export interface TestSocket {
  messages: ServerMessage[];
  waitFor(predicate: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(data: string): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export const socketUrl = (baseUrl: string, token: string, app = 'parley') =>
  `${baseUrl.replace(/^http/, 'ws')}/ws?app=${app}&token=${encodeURIComponent(Buffer.from(token).toString('base64'))}`;

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: ServerMessage[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (raw) => {
      messages.push(serverMessageSchema.parse(JSON.parse(raw.toString())));
      for (const wake of waiters) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('unexpected-response', (_request, response) =>
      reject(new Error(`refused: ${response.statusCode}`)),
    );
    ws.on('error', (error) => reject(error));
    ws.on('open', () =>
      resolve({
        messages,
        closed,
        send: (data) => ws.send(data),
        close: () => ws.close(),
        waitFor(predicate, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              const match = messages.find(predicate);
              if (!match) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(match);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
      }),
    );
  });
}
