import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = () => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-config-')),
  JWT_SECRET: 'x'.repeat(40),
});

describe('LLM providers from the environment', () => {
  test('each SDK’s variables give the installation that provider', () => {
    const config = loadConfig({
      ...base(),
      OPENAI_API_KEY: 'sk-operator',
      OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1',
      ANTHROPIC_API_KEY: 'sk-ant',
      AZURE_OPENAI_API_KEY: 'az-key',
    });
    expect(config.llmProviders).toEqual({
      openai: { provider: 'openai', fields: { apiKey: 'sk-operator', baseUrl: 'http://127.0.0.1:4010/v1' } },
      anthropic: { provider: 'anthropic', fields: { apiKey: 'sk-ant' } },
    });
    expect(loadConfig(base()).llmProviders).toEqual({});
  });

  test('a base URL that is not http or https stops the start, naming the variable', () => {
    expect(() =>
      loadConfig({ ...base(), OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'ftp://models.example' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base(), OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'ftp://models.example' }),
    ).toThrow('Invalid configuration:\n  OPENAI_BASE_URL: Base URL must be an http or https address');
  });
});
