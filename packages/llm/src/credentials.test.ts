import { describe, expect, test } from 'vitest';
import { credentialProblems, credentialsFromEnvironment, secretHint } from './credentials.ts';

describe('credentialsFromEnvironment', () => {
  test('each provider is given by its SDK variables, only when every required one is set', () => {
    expect(credentialsFromEnvironment({})).toEqual({});
    expect(
      credentialsFromEnvironment({ OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1' }),
    ).toEqual({
      openai: { provider: 'openai', fields: { apiKey: 'sk-1', baseUrl: 'http://127.0.0.1:4010/v1' } },
    });
    expect(credentialsFromEnvironment({ OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1' })).toEqual({});
    expect(credentialsFromEnvironment({ AZURE_OPENAI_API_KEY: 'a' })).toEqual({});
    expect(
      credentialsFromEnvironment({ AZURE_OPENAI_API_KEY: 'a', AZURE_OPENAI_RESOURCE_NAME: 'r' }),
    ).toEqual({
      'azure-openai': { provider: 'azure-openai', fields: { apiKey: 'a', resourceName: 'r' } },
    });
    expect(
      Object.keys(credentialsFromEnvironment({ ANTHROPIC_API_KEY: 'k', GOOGLE_GENERATIVE_AI_API_KEY: 'g' })),
    ).toEqual(['anthropic', 'google']);
    expect(
      credentialsFromEnvironment({
        AWS_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIA',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: '',
      }),
    ).toEqual({
      bedrock: {
        provider: 'bedrock',
        fields: { region: 'eu-west-1', accessKeyId: 'AKIA', secretAccessKey: 's' },
      },
    });
  });

  test('an OpenAI-compatible server is never taken from the environment (its SDK reads none)', () => {
    expect(credentialsFromEnvironment({ OPENAI_COMPATIBLE_BASE_URL: 'http://x' })).toEqual({});
  });
});

describe('credentialProblems', () => {
  test('required fields, unknown fields, base URL scheme', () => {
    expect(credentialProblems('openai', { apiKey: 'sk' })).toEqual([]);
    expect(credentialProblems('openai', {})).toEqual([{ field: 'apiKey', message: 'API key is required' }]);
    expect(credentialProblems('openai', { apiKey: '  ' })).toEqual([
      { field: 'apiKey', message: 'API key is required' },
    ]);
    expect(credentialProblems('openai', { apiKey: 'k', baseUrl: 'file:///etc/passwd' })).toEqual([
      { field: 'baseUrl', message: 'Base URL must be an http or https address' },
    ]);
    expect(credentialProblems('openai-compatible', { baseUrl: 'http://localhost:11434/v1' })).toEqual([]);
    expect(credentialProblems('anthropic', { apiKey: 'k', region: 'x' })).toEqual([
      { field: 'region', message: 'Anthropic has no field region' },
    ]);
    expect(credentialProblems('google', { apiKey: 42 })).toEqual([
      { field: 'apiKey', message: 'API key must be text' },
    ]);
  });
});

test('secretHint shows at most four characters and never more than a quarter', () => {
  expect(secretHint('sk-proj-abcdefgh1234')).toBe('…1234');
  expect(secretHint('abcdef')).toBe('…f');
  expect(secretHint('abc')).toBe('…');
});
