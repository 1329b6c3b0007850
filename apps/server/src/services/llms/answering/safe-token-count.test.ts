import { countTokens } from '@parley/llm';
import { describe, expect, test } from 'vitest';
import { countTokensBounded, countTokensSafely } from './safe-token-count';

describe('counting a user-written text in bounded segments', () => {
  test('ordinary text counts as the whole text does', () => {
    for (const text of [
      'You are the friendly help desk of Acme. Answer briefly, and name the document you used.',
      '日本語の文章はスペースを使いません。',
      'Réponds en français, poliment: «merci» et «s’il vous plaît».',
      '{"type":"object","properties":{"answer":{"type":"string"}}}',
    ])
      expect(countTokensBounded(text, 'gpt-4o')).toBe(countTokens(text, 'gpt-4o'));
  });

  test('a long run without spaces counts no fewer tokens, and quickly', async () => {
    for (const text of ['a'.repeat(20_000), '漢字かな'.repeat(5000), '👍🏽'.repeat(5000)]) {
      const started = performance.now();
      const bounded = await countTokensSafely(text, 'gpt-4o');
      expect(performance.now() - started).toBeLessThan(5000);
      expect(bounded).toBe(countTokensBounded(text, 'gpt-4o'));
      expect(bounded).toBeGreaterThan(0);
    }
    const word = 'x'.repeat(300);
    expect(countTokensBounded(word, 'gpt-4o')).toBeGreaterThanOrEqual(countTokens(word, 'gpt-4o'));
  });
});
