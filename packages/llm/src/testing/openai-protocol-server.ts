import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractiveAnswer, type StandInChatRequest } from './stand-in-answer.ts';
import { standInEmbedding } from './stand-in-embedding.ts';

/** Which of the stand-in's calls a fault hits (all when not given). */
export type StandInRoute = 'chat' | 'embeddings' | 'models';

/** A fault for the next matching request(s): `times` requests (default 1; Infinity for all). */
export type StandInFault = { times?: number; route?: StandInRoute } & (
  | { kind: 'rate-limit'; retryAfterSeconds?: number; retryAfterMs?: number }
  | { kind: 'server-error'; status?: number }
  | { kind: 'slow-first-token'; delayMs: number }
  | { kind: 'dropped-stream'; afterChunks?: number }
  | { kind: 'malformed-json' }
);

export type StandInRequest = {
  route: StandInRoute | 'unknown';
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  /** What the stand-in answered: its status, or 'dropped' when it cut the connection. */
  outcome: number | 'dropped';
  at: number;
};

export type StandInOptions = {
  port?: number;
  host?: string;
  /** When set, a request without `Authorization: Bearer <apiKey>` is refused (401) as OpenAI does. */
  apiKey?: string;
  /** The model list; a chat or embedding for a model not in it is refused (404) as OpenAI does. */
  models?: string[];
  embeddingDimensions?: number;
  /** The answer to a chat completion (default: the context's sentence nearest the question). */
  answer?: (request: StandInChatRequest) => string | Promise<string>;
  /** Words per streamed chunk. */
  wordsPerChunk?: number;
};

export type OpenAiProtocolServer = {
  /** The base URL to give a client (OPENAI_BASE_URL), ending in /v1. */
  url: string;
  port: number;
  requests: StandInRequest[];
  inject(fault: StandInFault): void;
  close(): Promise<void>;
};

export const STAND_IN_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4.1',
  'gpt-4.1-nano',
  'text-embedding-3-small',
  'text-embedding-3-large',
];

const MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * A real HTTP server speaking the OpenAI protocol (chat completions with and without streaming,
 * embeddings, models) for tests and manual tries, with faults injected per request. It proves the
 * protocol, not answer quality.
 */
export async function startOpenAiProtocolServer(options: StandInOptions = {}): Promise<OpenAiProtocolServer> {
  const models = options.models ?? STAND_IN_MODELS;
  const dimensions = options.embeddingDimensions ?? 256;
  const answer = options.answer ?? extractiveAnswer;
  const wordsPerChunk = options.wordsPerChunk ?? 3;
  const faults: (StandInFault & { left: number })[] = [];
  const requests: StandInRequest[] = [];

  const takeFault = (route: StandInRoute): StandInFault | undefined => {
    const index = faults.findIndex((fault) => !fault.route || fault.route === route);
    if (index < 0) return undefined;
    const fault = faults[index] as StandInFault & { left: number };
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(index, 1);
    return fault;
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, {
          error: { message: `Stand-in failed: ${(error as Error).message}`, type: 'server_error' },
        });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]?.replace(/^\/v1(?=\/)/, '') ?? '/';
    const route: StandInRoute | 'unknown' =
      path === '/chat/completions' && req.method === 'POST'
        ? 'chat'
        : path === '/embeddings' && req.method === 'POST'
          ? 'embeddings'
          : path === '/models' && req.method === 'GET'
            ? 'models'
            : 'unknown';
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const record: StandInRequest = {
      route,
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      body,
      outcome: 200,
      at: Date.now(),
    };
    requests.push(record);
    const reply = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      record.outcome = status;
      sendJson(res, status, json, headers);
    };

    if (route === 'unknown')
      return reply(
        404,
        openAiError(`Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'),
      );
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const given = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      return reply(
        401,
        openAiError(
          given
            ? `Incorrect API key provided: ${mask(given)}. You can find your API key at https://platform.openai.com/account/api-keys.`
            : "You didn't provide an API key.",
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }

    const fault = takeFault(route);
    if (fault?.kind === 'rate-limit') {
      const headers: Record<string, string> = {};
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      return reply(
        429,
        openAiError(
          'Rate limit reached for requests. Please try again later.',
          'requests',
          'rate_limit_exceeded',
        ),
        headers,
      );
    }
    if (fault?.kind === 'server-error') {
      return reply(
        fault.status ?? 500,
        openAiError(
          'The server had an error while processing your request. Sorry about that!',
          'server_error',
          null,
        ),
      );
    }
    if (fault?.kind === 'malformed-json') {
      record.outcome = 200;
      const stream = route === 'chat' && (body as { stream?: unknown })?.stream === true;
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      res.end(
        stream
          ? 'data: {"id":"chatcmpl-broken","choices":[{"delta":{"content":\n\n'
          : '{"id":"broken","object":',
      );
      return;
    }

    if (route === 'models') {
      return reply(200, {
        object: 'list',
        data: models.map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'parley-stand-in',
        })),
      });
    }

    const requestedModel =
      typeof (body as { model?: unknown })?.model === 'string' ? (body as { model: string }).model : '';
    if (!models.includes(requestedModel)) {
      return reply(
        404,
        openAiError(
          `The model \`${requestedModel}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        ),
      );
    }

    if (route === 'embeddings') {
      const input = (body as { input?: unknown }).input;
      const texts = typeof input === 'string' ? [input] : Array.isArray(input) ? input.map(String) : [];
      if (fault?.kind === 'slow-first-token') await delay(fault.delayMs);
      return reply(200, {
        object: 'list',
        data: texts.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: standInEmbedding(text, dimensions),
        })),
        model: requestedModel,
        usage: {
          prompt_tokens: texts.reduce((sum, text) => sum + countWords(text), 0),
          total_tokens: texts.reduce((sum, text) => sum + countWords(text), 0),
        },
      });
    }

    const chat = chatRequestOf(body, requestedModel);
    const text = await answer(chat);
    const promptTokens = countWords(
      [chat.system, ...chat.messages.map((message) => message.content)].join(' '),
    );
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: countWords(text),
      total_tokens: promptTokens + countWords(text),
    };
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);

    if (!chat.stream) {
      if (fault?.kind === 'slow-first-token') await delay(fault.delayMs);
      return reply(200, {
        id,
        object: 'chat.completion',
        created,
        model: requestedModel,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage,
      });
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    if (fault?.kind === 'slow-first-token') await delay(fault.delayMs);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: requestedModel, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const pieces = piecesOf(text, wordsPerChunk);
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const [index, piece] of pieces.entries()) {
      if (fault?.kind === 'dropped-stream' && index >= (fault.afterChunks ?? 2)) {
        record.outcome = 'dropped';
        res.socket?.destroy();
        return;
      }
      res.write(chunk({ content: piece }, null));
      await delay(0);
    }
    if (fault?.kind === 'dropped-stream') {
      record.outcome = 'dropped';
      res.socket?.destroy();
      return;
    }
    res.write(chunk({}, 'stop'));
    const wantsUsage =
      (body as { stream_options?: { include_usage?: unknown } }).stream_options?.include_usage === true;
    if (wantsUsage)
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: requestedModel, choices: [], usage })}\n\n`,
      );
    res.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';

  return {
    url: `http://${host}:${port}/v1`,
    port,
    requests,
    inject(fault) {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function chatRequestOf(body: unknown, model: string): StandInChatRequest {
  const b = body as { messages?: unknown; stream?: unknown; response_format?: { type?: unknown } };
  const messages = Array.isArray(b.messages) ? b.messages : [];
  const all = messages.map((message: { role?: unknown; content?: unknown }) => ({
    role: String(message.role ?? ''),
    content: contentText(message.content),
  }));
  return {
    model,
    system: all
      .filter((message) => message.role === 'system' || message.role === 'developer')
      .map((message) => message.content)
      .join('\n'),
    messages: all.filter((message) => message.role !== 'system' && message.role !== 'developer'),
    json: b.response_format?.type === 'json_object' || b.response_format?.type === 'json_schema',
    stream: b.stream === true,
  };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : ''))
      .join('');
  return '';
}

function piecesOf(text: string, wordsPerChunk: number): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerChunk)
    pieces.push(words.slice(i, i + wordsPerChunk).join(''));
  return pieces;
}

function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function mask(key: string): string {
  return key.length <= 8 ? '****' : `${key.slice(0, 3)}****${key.slice(-4)}`;
}

function sendJson(
  res: ServerResponse,
  status: number,
  json: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(json));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body over 20 MB'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
