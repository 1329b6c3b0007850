import { describe, expect, test } from 'vitest';
import { recognitionDecision, understoodIntent } from './recognition-decision';

describe("the bot's confidence thresholds", () => {
  // The defaults of a new bot: answer from 70 %, the between-threshold message from 30 %.
  const thresholds = { confidence: 0.7, lowConfidence: 0.3 };

  test.each([
    [0.95, 'answer'],
    [0.7, 'answer'],
    [0.69, 'betweenThresholds'],
    [0.3, 'betweenThresholds'],
    [0.29, 'belowThreshold'],
    [0, 'belowThreshold'],
  ])('an intent recognised with %f gives %s', (score, decision) => {
    expect(recognitionDecision({ intent: 'BookFlight', score }, thresholds)).toBe(decision);
  });

  test('no intent is always below the threshold, however sure the engine is', () => {
    expect(recognitionDecision({ intent: null, score: 0.99 }, thresholds)).toBe('belowThreshold');
  });

  test('other thresholds move the borders', () => {
    const strict = { confidence: 0.9, lowConfidence: 0.55 };
    expect(recognitionDecision({ intent: 'BookFlight', score: 0.8 }, strict)).toBe('betweenThresholds');
    expect(recognitionDecision({ intent: 'BookFlight', score: 0.5 }, strict)).toBe('belowThreshold');
  });

  test('the understood intent is the one whose flow starts: none between or below the thresholds', () => {
    expect(understoodIntent({ intent: 'BookFlight', score: 0.7 }, thresholds)).toBe('BookFlight');
    expect(understoodIntent({ intent: 'BookFlight', score: 0.5 }, thresholds)).toBeNull();
    expect(understoodIntent({ intent: 'BookFlight', score: 0.1 }, thresholds)).toBeNull();
    expect(understoodIntent({ intent: null, score: 1 }, thresholds)).toBeNull();
  });
});
