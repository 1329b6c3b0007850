import { describe, expect, test } from 'vitest';
import { formatRecognizedPercent, recognizedPercent } from './bot-statistics';

describe('the Intents recognized percent of a bot card', () => {
  test.each([
    ['nothing asked', 0, 0, '0'],
    ['nothing asked, something counted as recognized', 0, 5, '0'],
    ['nothing recognized', 10, 0, '0'],
    ['all recognized', 8, 8, '100'],
    ['a whole percent keeps no decimal', 4, 3, '75'],
    ['one decimal when not whole', 3, 1, '33.3'],
    ['rounded, not cut', 3, 2, '66.7'],
    ['a small share', 1000, 1, '0.1'],
    ['99.99 rounds to a whole 100', 10_000, 9_999, '100'],
    ['more recognized than asked is capped at 100', 5, 9, '100'],
    ['negative counts are 0', -3, 2, '0'],
    ['not a number is 0', Number.NaN, 2, '0'],
  ])('%s: %d asked, %d recognized shows %s', (_case, asked, recognized, shown) => {
    expect(formatRecognizedPercent(asked, recognized)).toBe(shown);
  });

  test('the number itself has at most one decimal', () => {
    for (let asked = 1; asked <= 60; asked++) {
      for (let recognized = 0; recognized <= asked; recognized++) {
        const value = recognizedPercent(asked, recognized);
        expect(Math.round(value * 10)).toBeCloseTo(value * 10, 9);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
    }
  });
});
