import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createLlmClient, type LlmClient } from './client.ts';
import { LlmProviderError } from './errors.ts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from './testing/index.ts';

let server: OpenAiProtocolServer;
let client: LlmClient;
const KEY = 'sk-test-stand-in-key';

beforeAll(async () => {
  server = await startOpenAiProtocolServer({ apiKey: KEY });
  client = createLlmClient(
    { provider: 'openai', fields: { apiKey: KEY, baseUrl: server.url } },
    { maxRetries: 2, initialBackoffMs: 20, timeoutMs: 1000, maxRetryAfterMs: 5000 },
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const handbook =
  'Parcels ship on Mondays. Refunds are paid within 14 days of the return. The office opens at nine.';
const ask = (content: string) => ({
  model: 'gpt-4o-mini',
  system: `Answer from these passages:\n${handbook}`,
  messages: [{ role: 'user' as const, content }],
});

async function failureOf(promise: Promise<unknown>): Promise<LlmProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmProviderError);
  return error as LlmProviderError;
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('chat', () => {
  test('answers with the provider text, its usage, model and finish reason', async () => {
    const answer = await client.chat(ask('When are refunds paid?'));
    expect(answer.text).toBe('Refunds are paid within 14 days of the return.');
    expect(answer.model).toBe('gpt-4o-mini');
    expect(answer.finishReason).toBe('stop');
    expect(answer.usage.inputTokens).toBeGreaterThan(10);
    expect(answer.usage.outputTokens).toBe(9);
    expect(server.requests[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  test('json mode asks for a JSON object and gets one', async () => {
    const answer = await client.chat({ ...ask('When do parcels ship?'), json: true });
    expect(JSON.parse(answer.text)).toEqual({ answer: 'Parcels ship on Mondays.' });
    expect((server.requests[0]?.body as { response_format?: unknown } | undefined)?.response_format).toEqual({
      type: 'json_object',
    });
  });

  test('a 429 is retried after the retry-after the provider asked for', async () => {
    server.inject({ kind: 'rate-limit', retryAfterSeconds: 0.4, route: 'chat' });
    const started = Date.now();
    const answer = await client.chat(ask('When does the office open?'));
    expect(answer.text).toBe('The office opens at nine.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(server.requests.map((request) => request.outcome)).toEqual([429, 200]);
  });

  test('a retry-after longer than Parley waits fails at once as rate limited, naming the provider', async () => {
    server.inject({ kind: 'rate-limit', retryAfterSeconds: 60 });
    const started = Date.now();
    const error = await failureOf(client.chat(ask('When does the office open?')));
    expect(Date.now() - started).toBeLessThan(500);
    expect(error.kind).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^OpenAI is limiting requests \(HTTP 429\): Rate limit reached/);
    expect(error.message).toContain('asked to wait 60 s');
  });

  test('a 500 is retried with backoff, and after the last try fails as unavailable', async () => {
    server.inject({ kind: 'server-error', route: 'chat' });
    expect((await client.chat(ask('When do parcels ship?'))).text).toBe('Parcels ship on Mondays.');
    expect(server.requests.map((request) => request.outcome)).toEqual([500, 200]);

    server.requests.length = 0;
    server.inject({ kind: 'server-error', status: 503, times: 3 });
    const error = await failureOf(client.chat(ask('When do parcels ship?')));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      'OpenAI is unavailable (HTTP 503): The server had an error while processing your request. Sorry about that!. Tried 3 times.',
    );
    expect(server.requests).toHaveLength(3);
  });

  test('a slow answer ends as a timeout at the time limit, not retried', async () => {
    server.inject({ kind: 'slow-first-token', delayMs: 1500, route: 'chat' });
    const started = Date.now();
    const error = await failureOf(client.chat(ask('When do parcels ship?')));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('OpenAI sent no answer within 1 s (time limit of a call).');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(server.requests).toHaveLength(1);
  });

  test('malformed JSON is malformed, not retried', async () => {
    server.inject({ kind: 'malformed-json', route: 'chat' });
    const error = await failureOf(client.chat(ask('When do parcels ship?')));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/^OpenAI answered something that is not its protocol/);
    expect(server.requests).toHaveLength(1);
  });

  test('a wrong key is refused with the provider words, not retried', async () => {
    const wrong = createLlmClient(
      { provider: 'openai', fields: { apiKey: 'sk-wrong-key-1234', baseUrl: server.url } },
      { initialBackoffMs: 10 },
    );
    const error = await failureOf(wrong.chat(ask('When do parcels ship?')));
    expect(error.kind).toBe('refused');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(
      /^OpenAI refused the request: Incorrect API key provided: sk-\*\*\*\*1234\..*\(HTTP 401\)\.$/,
    );
    expect(server.requests).toHaveLength(1);
  });

  test('an unknown model is refused naming the model', async () => {
    const error = await failureOf(client.chat({ ...ask('When do parcels ship?'), model: 'gpt-9' }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(
      'OpenAI refused the request: The model `gpt-9` does not exist or you do not have access to it (HTTP 404).',
    );
  });

  test('an unreachable server is unavailable, naming where it was looked for', async () => {
    const closed = await startOpenAiProtocolServer();
    await closed.close();
    const gone = createLlmClient(
      { provider: 'openai-compatible', fields: { baseUrl: closed.url } },
      { maxRetries: 1, initialBackoffMs: 10 },
    );
    const error = await failureOf(gone.chat(ask('When do parcels ship?')));
    expect(error.kind).toBe('unavailable');
    expect(error.provider).toBe('openai-compatible');
    expect(error.message).toContain(
      `Could not reach OpenAI-compatible server at http://127.0.0.1:${closed.port}`,
    );
    expect(error.message).toContain('Tried 2 times.');
  });

  test('the caller can abort; the abort is not a provider failure', async () => {
    server.inject({ kind: 'slow-first-token', delayMs: 800, route: 'chat' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user left')), 100);
    const error = await client
      .chat({ ...ask('When do parcels ship?'), signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(LlmProviderError);
    expect((error as Error).message).toBe('user left');
  });
});

describe('stream', () => {
  test('yields the answer in deltas, then the whole answer with usage', async () => {
    const stream = client.stream(ask('When are refunds paid?'));
    const parts = await collect(stream);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe('Refunds are paid within 14 days of the return.');
    const result = await stream.result();
    expect(result.text).toBe(parts.join(''));
    expect(result.finishReason).toBe('stop');
    expect(result.usage.outputTokens).toBe(9);
    expect((server.requests[0]?.body as { stream?: unknown } | undefined)?.stream).toBe(true);
  });

  test('a 429 before the first delta is retried unseen by the reader', async () => {
    server.inject({ kind: 'rate-limit', retryAfterMs: 50, route: 'chat' });
    const parts = await collect(client.stream(ask('When do parcels ship?')));
    expect(parts.join('')).toBe('Parcels ship on Mondays.');
    expect(server.requests.map((request) => request.outcome)).toEqual([429, 200]);
  });

  test('a 500 before the first delta is retried', async () => {
    server.inject({ kind: 'server-error', route: 'chat' });
    const parts = await collect(client.stream(ask('When do parcels ship?')));
    expect(parts.join('')).toBe('Parcels ship on Mondays.');
  });

  test('a slow first token ends as a timeout', async () => {
    server.inject({ kind: 'slow-first-token', delayMs: 1500, route: 'chat' });
    const stream = client.stream(ask('When do parcels ship?'));
    const error = await failureOf(collect(stream));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('OpenAI sent no answer within 1 s (time limit of a call).');
    expect((await failureOf(stream.result())).kind).toBe('timeout');
  });

  test('a first token within the time limit is waited for', async () => {
    server.inject({ kind: 'slow-first-token', delayMs: 500, route: 'chat' });
    expect((await collect(client.stream(ask('When do parcels ship?')))).join('')).toBe(
      'Parcels ship on Mondays.',
    );
  });

  test('a stream dropped after its first deltas fails as dropped, after the text already given', async () => {
    server.inject({ kind: 'dropped-stream', afterChunks: 2, route: 'chat' });
    const stream = client.stream(ask('When are refunds paid?'));
    const parts: string[] = [];
    const error = await failureOf(
      (async () => {
        for await (const part of stream) parts.push(part);
      })(),
    );
    expect(error.kind).toBe('dropped');
    expect(error.message).toMatch(/^OpenAI broke off its answer before the end/);
    expect(parts.join('')).toBe('Refunds are paid within 14 days ');
    expect(server.requests).toHaveLength(1);
  });

  test('the reader aborting mid-stream ends it with its own reason, not a provider failure', async () => {
    server.inject({ kind: 'slow-first-token', delayMs: 300, route: 'chat' });
    const controller = new AbortController();
    const stream = client.stream({ ...ask('When are refunds paid?'), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 100);
    const error = await collect(stream).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(LlmProviderError);
    expect((error as Error).message).toBe('user left');
  });

  test('malformed JSON in the stream is malformed or dropped, never a silent empty answer', async () => {
    server.inject({ kind: 'malformed-json', route: 'chat' });
    const error = await failureOf(collect(client.stream(ask('When do parcels ship?'))));
    expect(error.kind).toBe('malformed');
  });
});

describe('embeddings and models', () => {
  test('one vector per text, similar texts nearer than unrelated ones', async () => {
    const [refund, refunds, office] = await client.embed(
      ['refund paid within days', 'refunds are paid within 14 days', 'the office opens at nine'],
      'text-embedding-3-small',
    );
    const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);
    expect(refund).toHaveLength(256);
    expect(cosine(refund as number[], refunds as number[])).toBeGreaterThan(
      cosine(refund as number[], office as number[]) + 0.2,
    );
    expect(await client.embed([], 'text-embedding-3-small')).toEqual([]);
  });

  test('a 429 on embeddings is retried', async () => {
    server.inject({ kind: 'rate-limit', retryAfterMs: 20, route: 'embeddings' });
    expect(await client.embed(['one'], 'text-embedding-3-small')).toHaveLength(1);
    expect(server.requests.map((request) => request.outcome)).toEqual([429, 200]);
  });

  test('malformed embeddings are malformed', async () => {
    server.inject({ kind: 'malformed-json', route: 'embeddings' });
    expect((await failureOf(client.embed(['one'], 'text-embedding-3-small'))).kind).toBe('malformed');
  });

  test('the model list is the provider list', async () => {
    expect(await client.listModels()).toEqual([
      'gpt-4.1',
      'gpt-4.1-nano',
      'gpt-4o',
      'gpt-4o-mini',
      'text-embedding-3-large',
      'text-embedding-3-small',
    ]);
  });

  test('a wrong key on the model list is refused, naming the provider', async () => {
    const wrong = createLlmClient({
      provider: 'openai',
      fields: { apiKey: 'sk-nope-abcdefgh', baseUrl: server.url },
    });
    const error = await failureOf(wrong.listModels());
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/^OpenAI refused the request: Incorrect API key provided/);
  });

  test('malformed model list and 500 on it', async () => {
    server.inject({ kind: 'malformed-json', route: 'models' });
    expect((await failureOf(client.listModels())).kind).toBe('malformed');
    server.inject({ kind: 'server-error', route: 'models' });
    expect(await client.listModels()).toContain('gpt-4o-mini');
  });

  test('Anthropic has no embeddings: refused, naming it', async () => {
    const anthropic = createLlmClient({ provider: 'anthropic', fields: { apiKey: 'x' } });
    const error = await failureOf(anthropic.embed(['a'], 'any'));
    expect(error.message).toBe('Anthropic has no embedding models.');
  });
});
