import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createLlmClient, verifyLlmClient } from './client.ts';
import type { ProviderCredentials } from './credentials.ts';
import { LlmProviderError } from './errors.ts';

/**
 * Azure OpenAI, Anthropic and Google through their SDKs, against a local double of their HTTP
 * answers: the fetch sends each call to it (keeping the path and headers the SDK chose), so the test
 * sees where a call goes, with which credential, and how a provider's refusal reads.
 */
type Seen = { host: string; path: string; headers: IncomingHttpHeaders };
let double: Server;
let port: number;
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  double = createServer((req, res) => {
    seen.push({ host: String(req.headers['x-original-host']), path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  }).listen(0, '127.0.0.1');
  await once(double, 'listening');
  port = (double.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => double.close(done)));
beforeEach(() => {
  seen.length = 0;
});

/** Sends every call to the double, telling it the host the SDK meant. */
const toDouble: typeof globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = new Headers(init?.headers);
  headers.set('x-original-host', url.host);
  return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, { ...init, headers });
};

const clientOf = (credentials: ProviderCredentials) =>
  createLlmClient(credentials, { fetch: toDouble, maxRetries: 0 });
const ask = { model: 'some-model', messages: [{ role: 'user' as const, content: 'Hello' }] };

async function refusalOf(promise: Promise<unknown>): Promise<LlmProviderError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(LlmProviderError);
  return error as LlmProviderError;
}

describe('Anthropic', () => {
  const anthropic = () => clientOf({ provider: 'anthropic', fields: { apiKey: 'sk-ant-1' } });

  test('its model list, asked with its key and version header', async () => {
    answer = {
      status: 200,
      body: { data: [{ id: 'claude-sonnet-4-5' }, { id: 'claude-haiku-4-5' }], has_more: false },
    };
    expect(await anthropic().listModels()).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
    expect(seen[0]).toMatchObject({ host: 'api.anthropic.com', path: '/v1/models?limit=1000' });
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'sk-ant-1', 'anthropic-version': '2023-06-01' });
  });

  test('a refused key, in its words, for a chat and for the list', async () => {
    answer = {
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    };
    const chat = await refusalOf(anthropic().chat(ask));
    expect(chat.message).toBe('Anthropic refused the request: invalid x-api-key (HTTP 401).');
    expect(seen[0]).toMatchObject({ host: 'api.anthropic.com', path: '/v1/messages' });
    expect((await refusalOf(anthropic().listModels())).message).toBe(
      'Anthropic refused the request: invalid x-api-key (HTTP 401).',
    );
  });

  test('overloaded (529) is unavailable', async () => {
    answer = {
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    };
    const error = await refusalOf(anthropic().chat(ask));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Anthropic is unavailable (HTTP 529): Overloaded.');
  });
});

describe('Google', () => {
  const google = () => clientOf({ provider: 'google', fields: { apiKey: 'g-key' } });

  test('its model list without the models/ prefix, asked with its key header', async () => {
    answer = {
      status: 200,
      body: { models: [{ name: 'models/gemini-2.5-flash' }, { name: 'models/text-embedding-004' }] },
    };
    expect(await google().listModels()).toEqual(['gemini-2.5-flash', 'text-embedding-004']);
    expect(seen[0]).toMatchObject({
      host: 'generativelanguage.googleapis.com',
      path: '/v1beta/models?pageSize=1000',
    });
    expect(seen[0]?.headers['x-goog-api-key']).toBe('g-key');
  });

  test('a refused key, in its words', async () => {
    answer = {
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
        },
      },
    };
    const error = await refusalOf(google().chat({ ...ask, model: 'gemini-2.5-flash' }));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(
      'Google refused the request: API key not valid. Please pass a valid API key (HTTP 400).',
    );
    expect(seen[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
  });
});

describe('Azure OpenAI', () => {
  const azure = () =>
    clientOf({ provider: 'azure-openai', fields: { apiKey: 'az-key', resourceName: 'acme-ai' } });

  test('the resource’s address, its key header, and a refusal in its words', async () => {
    answer = { status: 200, body: { data: [{ id: 'gpt-4o-mini' }], object: 'list' } };
    expect(await azure().listModels()).toEqual(['gpt-4o-mini']);
    expect(seen[0]).toMatchObject({
      host: 'acme-ai.openai.azure.com',
      path: '/openai/v1/models?api-version=v1',
    });
    expect(seen[0]?.headers['api-key']).toBe('az-key');

    answer = {
      status: 401,
      body: {
        error: {
          code: '401',
          message: 'Access denied due to invalid subscription key or wrong API endpoint.',
        },
      },
    };
    const error = await refusalOf(azure().chat({ ...ask, model: 'my-deployment' }));
    expect(error.message).toBe(
      'Azure OpenAI refused the request: Access denied due to invalid subscription key or wrong API endpoint (HTTP 401).',
    );
    expect(seen[1]?.host).toBe('acme-ai.openai.azure.com');
    expect(seen[1]?.path).toMatch(/^\/openai\/v1\/chat\/completions/);
  });
});

describe('Amazon Bedrock', () => {
  const bedrock = () =>
    clientOf({
      provider: 'bedrock',
      fields: { region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
    });

  test('no model list; a chat signed for the region, and a refused token in its words', async () => {
    expect(await bedrock().listModels()).toBeUndefined();
    expect(seen).toEqual([]);
    answer = { status: 403, body: { message: 'The security token included in the request is invalid.' } };
    const error = await refusalOf(
      bedrock().chat({ ...ask, model: 'anthropic.claude-3-haiku-20240307-v1:0' }),
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(
      'Amazon Bedrock refused the request: The security token included in the request is invalid (HTTP 403).',
    );
    expect(seen[0]?.host).toBe('bedrock-runtime.eu-west-1.amazonaws.com');
    expect(seen[0]?.path).toBe('/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse');
    expect(String(seen[0]?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/eu-west-1\/bedrock\/aws4_request/,
    );
  });
});

describe('checking credentials on save', () => {
  test('Bedrock: a model not enabled still proves the credentials; an invalid token does not', async () => {
    const bedrock = clientOf({
      provider: 'bedrock',
      fields: { region: 'eu-west-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
    });
    answer = {
      status: 403,
      body: { message: "You don't have access to the model with the specified model ID." },
    };
    await expect(verifyLlmClient(bedrock)).resolves.toBeUndefined();
    answer = { status: 403, body: { message: 'The security token included in the request is invalid.' } };
    expect((await refusalOf(verifyLlmClient(bedrock))).message).toBe(
      'Amazon Bedrock refused the request: The security token included in the request is invalid (HTTP 403).',
    );
  });

  test('providers with a model list are checked by it', async () => {
    answer = {
      status: 401,
      body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    };
    const anthropic = clientOf({ provider: 'anthropic', fields: { apiKey: 'bad' } });
    expect((await refusalOf(verifyLlmClient(anthropic))).message).toBe(
      'Anthropic refused the request: invalid x-api-key (HTTP 401).',
    );
    expect(seen.at(-1)?.path).toBe('/v1/models?limit=1000');
  });
});
