import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a platform's stand-in received, as it came. */
export interface StandInRequest {
  method: string;
  /** The path and query. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON or as a form, when it is one; else undefined. */
  json: unknown;
  form: URLSearchParams | undefined;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as it is. */
  body?: unknown;
}

export type StandInHandler = (request: StandInRequest) => StandInReply | Promise<StandInReply>;

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** Requests whose path matches. */
  calls(path: string | RegExp): StandInRequest[];
  /** Replaces the handler (a platform that is down for a while, then back). */
  handle(handler: StandInHandler): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

function parsed(body: Buffer, contentType: string | undefined) {
  const text = body.toString('utf8');
  let json: unknown;
  let form: URLSearchParams | undefined;
  if (contentType?.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  } else if (contentType?.includes('application/x-www-form-urlencoded')) form = new URLSearchParams(text);
  return { json, form };
}

/**
 * A local stand-in of a platform's HTTP API on 127.0.0.1 (issue 14 'How it is tested'): it keeps
 * every request it gets, and answers by the test's handler, which checks what the real platform
 * checks (tokens, signatures, required fields) and answers as its API reference says.
 */
export async function startStandIn(handler: StandInHandler): Promise<StandIn> {
  let current = handler;
  const requests: StandInRequest[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const seen: StandInRequest = {
      method: request.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      ...parsed(body, request.headers['content-type']),
    };
    requests.push(seen);
    try {
      const reply = await current(seen);
      const isRaw = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
      response.writeHead(reply.status ?? 200, {
        ...(reply.body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
        ...reply.headers,
      });
      response.end(
        reply.body === undefined
          ? undefined
          : isRaw
            ? (reply.body as string | Buffer)
            : JSON.stringify(reply.body),
      );
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls: (path) => requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path))),
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
