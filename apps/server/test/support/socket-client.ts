import { type RealtimeTopic, type ServerMessage, serverMessageSchema, topicKey } from '@parley/contracts';
import WebSocket from 'ws';

/** A real websocket client that keeps every server message and can wait for one. */
export interface TestSocket {
  messages: ServerMessage[];
  waitFor(predicate: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  send(data: string): void;
  /** Subscribes and answers the gateway's answer: `subscribed`, or `error` naming the topic. */
  subscribe(topic: RealtimeTopic): Promise<ServerMessage>;
  /**
   * Barrier: a socket's messages are answered in order and events are sent in order, so once
   * the pong to this ping is in, everything sent to the socket before it is too.
   */
  sync(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export const socketUrl = (baseUrl: string, token: string, app = 'parley') =>
  `${baseUrl.replace(/^http/, 'ws')}/ws?app=${app}&token=${encodeURIComponent(Buffer.from(token).toString('base64'))}`;

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. `origin` is the page's (a browser's Origin header). */
export function openSocket(url: string, { origin }: { origin?: string } = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
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
    const waitFrom = (from: number, predicate: (m: ServerMessage) => boolean, timeoutMs = 5000) =>
      new Promise<ServerMessage>((found, fail) => {
        const check = () => {
          const match = messages.slice(from).find(predicate);
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
    ws.on('open', () =>
      resolve({
        messages,
        closed,
        send: (data) => ws.send(data),
        close: () => ws.close(),
        subscribe(topic) {
          const from = messages.length;
          ws.send(JSON.stringify({ type: 'subscribe', topic }));
          const key = topicKey(topic);
          return waitFrom(
            from,
            (m) => (m.type === 'subscribed' || m.type === 'error') && !!m.topic && topicKey(m.topic) === key,
          );
        },
        async sync() {
          const from = messages.length;
          ws.send(JSON.stringify({ type: 'ping' }));
          await waitFrom(from, (m) => m.type === 'pong');
        },
        waitFor: (predicate, timeoutMs) => waitFrom(0, predicate, timeoutMs),
      }),
    );
  });
}
