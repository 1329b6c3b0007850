import { describe, expect, test } from 'vitest';
import { contextWindowOf, UNKNOWN_MODEL_CONTEXT_WINDOW } from './context-window.ts';
import { countTokens, encodingFor } from './tokens.ts';

describe('countTokens', () => {
  test('counts with the model encoding', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world', 'gpt-4o-mini')).toBe(2);
    expect(countTokens('hello world', 'gpt-3.5-turbo')).toBe(2);
    // A long word splits into several tokens; a repeated phrase counts each time.
    expect(countTokens('antidisestablishmentarianism', 'gpt-4o')).toBeGreaterThan(2);
    expect(countTokens('one two three '.repeat(100).trim(), 'gpt-4o')).toBe(300);
  });

  test('encodings per model family', () => {
    expect(encodingFor('gpt-4o-mini')).toBe('o200k_base');
    expect(encodingFor('gpt-4.1')).toBe('o200k_base');
    expect(encodingFor('o3')).toBe('o200k_base');
    expect(encodingFor('gpt-4')).toBe('cl100k_base');
    expect(encodingFor('gpt-4-turbo')).toBe('cl100k_base');
    expect(encodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(encodingFor('text-embedding-3-small')).toBe('cl100k_base');
    expect(encodingFor('claude-sonnet-4-5')).toBe('o200k_base');
    expect(encodingFor(undefined)).toBe('o200k_base');
  });
});

describe('contextWindowOf', () => {
  test.each([
    ['openai', 'gpt-4o-mini', 128_000],
    ['openai', 'gpt-4.1-nano', 1_047_576],
    ['openai', 'gpt-4', 8_192],
    ['openai', 'gpt-4-turbo', 128_000],
    ['openai', 'gpt-3.5-turbo', 16_385],
    ['openai', 'o3', 200_000],
    ['anthropic', 'claude-sonnet-4-5', 200_000],
    ['google', 'gemini-2.5-flash', 1_048_576],
    ['bedrock', 'anthropic.claude-3-haiku-20240307-v1:0', 200_000],
    ['bedrock', 'eu.amazon.nova-pro-v1:0', 300_000],
    ['openai-compatible', 'llama3.2:3b', UNKNOWN_MODEL_CONTEXT_WINDOW],
    ['azure-openai', 'my-deployment', UNKNOWN_MODEL_CONTEXT_WINDOW],
  ] as const)('%s %s → %i', (provider, model, window) => {
    expect(contextWindowOf(provider, model)).toBe(window);
  });
});
