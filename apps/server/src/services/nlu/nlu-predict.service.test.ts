import { describe, expect, test } from 'vitest';
import { decisionOf } from './nlu-predict.service';

describe("the bot's confidence thresholds", () => {
  // The defaults of a new bot: answer from 70 %, the between-threshold message from 30 %.
  const high = 0.7;
  const low = 0.3;

  test.each([
    [0.95, 'answer'],
    [0.7, 'answer'],
    [0.69, 'betweenThresholds'],
    [0.3, 'betweenThresholds'],
    [0.29, 'belowThreshold'],
    [0, 'belowThreshold'],
  ])('an intent recognised with %f gives %s', (confidence, decision) => {
    expect(decisionOf('BookFlight', confidence, high, low)).toBe(decision);
  });

  test('None is always below the threshold, however sure the engine is', () => {
    expect(decisionOf('None', 0.99, high, low)).toBe('belowThreshold');
  });

  test('other thresholds move the borders', () => {
    expect(decisionOf('BookFlight', 0.8, 0.9, 0.55)).toBe('betweenThresholds');
    expect(decisionOf('BookFlight', 0.5, 0.9, 0.55)).toBe('belowThreshold');
  });
});
