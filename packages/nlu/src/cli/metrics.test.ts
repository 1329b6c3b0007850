import { DEFAULT_BOT_SETTINGS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from './evaluate';
import { decisionShares, runtimeDecision } from './metrics';

// The same cases as apps/server's nlu-predict.service.test.ts pins `decisionOf` to: the bench's
// 'not understood' is the runtime's.
describe("the bench reads predictions with the runtime's rule", () => {
  const high = 0.7;
  const low = 0.3;

  test("a new bot's thresholds", () => {
    expect(DEFAULT_THRESHOLDS).toEqual({
      confidence: DEFAULT_BOT_SETTINGS.confidence,
      lowConfidence: DEFAULT_BOT_SETTINGS.lowConfidence,
    });
    expect(DEFAULT_THRESHOLDS).toEqual({ confidence: high, lowConfidence: low });
  });

  test.each([
    [0.95, 'answer'],
    [0.7, 'answer'],
    [0.69, 'betweenThresholds'],
    [0.3, 'betweenThresholds'],
    [0.29, 'belowThreshold'],
    [0, 'belowThreshold'],
  ])('an intent recognised with %f gives %s', (confidence, decision) => {
    expect(runtimeDecision({ topIntent: 'BookFlight', confidence }, high, low)).toBe(decision);
  });

  test('None is always below the threshold, however sure the engine is', () => {
    expect(runtimeDecision({ topIntent: 'None', confidence: 0.99 }, high, low)).toBe('belowThreshold');
  });

  test('shares of decisions', () => {
    expect(decisionShares(['answer', 'answer', 'belowThreshold', 'betweenThresholds'])).toEqual({
      answer: 0.5,
      betweenThresholds: 0.25,
      belowThreshold: 0.25,
    });
    expect(decisionShares([])).toEqual({ answer: 0, betweenThresholds: 0, belowThreshold: 0 });
  });
});
