import { createLlmClient } from '@parley/llm';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { modelsOf } from './provider-models';

let server: OpenAiProtocolServer;
beforeAll(async () => {
  server = await startOpenAiProtocolServer({
    models: [
      'gpt-4o-mini',
      'gpt-4.1',
      'text-embedding-3-small',
      'whisper-1',
      'tts-1',
      'dall-e-3',
      'omni-moderation-latest',
    ],
  });
});
afterAll(() => server.close());

const openai = () =>
  createLlmClient({ provider: 'openai', fields: { apiKey: 'k', baseUrl: server.url } }, { maxRetries: 0 });

describe('model lists for the provider step', () => {
  test('the provider’s own list, chat and embedding models told apart, kept a while', async () => {
    expect(await modelsOf(openai(), 'tenant-a:openai')).toEqual({
      models: ['gpt-4.1', 'gpt-4o-mini'],
      embeddingModels: ['text-embedding-3-small'],
      modelsFromProvider: true,
    });
    const asked = server.requests.length;
    await modelsOf(openai(), 'tenant-a:openai');
    expect(server.requests.length).toBe(asked);
  });

  test('a provider whose list fails gives the spec’s enumeration with the reason, and is asked again next time', async () => {
    server.inject({ kind: 'server-error', route: 'models' });
    const failed = await modelsOf(openai(), 'tenant-b:openai');
    expect(failed).toMatchObject({
      modelsFromProvider: false,
      notice: expect.stringMatching(/^OpenAI is unavailable \(HTTP 500\)/),
    });
    expect(failed.models).toEqual([
      'gpt-4.1',
      'gpt-4.1-nano',
      'gpt-4',
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4-turbo',
      'gpt-3.5-turbo',
      'o3',
    ]);
    expect((await modelsOf(openai(), 'tenant-b:openai')).modelsFromProvider).toBe(true);
  });

  test('Bedrock has no list to ask: its declared models; no client, no models', async () => {
    const bedrock = createLlmClient({
      provider: 'bedrock',
      fields: { region: 'eu-west-1', accessKeyId: 'a', secretAccessKey: 's' },
    });
    const models = await modelsOf(bedrock, 'tenant-c:bedrock');
    expect(models.modelsFromProvider).toBe(false);
    expect(models.models).toContain('anthropic.claude-3-5-sonnet-20240620-v1:0');
    expect(models.embeddingModels).toContain('amazon.titan-embed-text-v2:0');
    expect(await modelsOf(null, 'none')).toEqual({
      models: [],
      embeddingModels: [],
      modelsFromProvider: false,
    });
  });
});
