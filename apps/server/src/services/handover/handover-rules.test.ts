import { DEFAULT_HANDOVER_SETTINGS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { handoverEntry, handoverReason, isUnrecognized, unrecognizedStreak } from './handover-rules';

const THRESHOLDS = { confidence: 0.7, lowConfidence: 0.3 };
const hours = (openingTime: string, closingTime: string, timeZone = 'UTC') => ({
  openingTime,
  closingTime,
  timeZone,
});

describe('opening hours decide between the queue and the not-available message', () => {
  test.each([
    ['09:00', '17:00', '2026-11-27T08:59:00Z', 'notAvailable'],
    ['09:00', '17:00', '2026-11-27T09:00:00Z', 'queue'],
    ['09:00', '17:00', '2026-11-27T16:59:00Z', 'queue'],
    // The closing minute is closed.
    ['09:00', '17:00', '2026-11-27T17:00:00Z', 'notAvailable'],
    // Equal times: around the clock.
    ['00:00', '00:00', '2026-11-27T03:00:00Z', 'queue'],
    ['12:30', '12:30', '2026-11-27T23:59:00Z', 'queue'],
    // Closing before opening: open past midnight.
    ['22:00', '06:00', '2026-11-27T23:30:00Z', 'queue'],
    ['22:00', '06:00', '2026-11-28T05:59:00Z', 'queue'],
    ['22:00', '06:00', '2026-11-28T06:00:00Z', 'notAvailable'],
    ['22:00', '06:00', '2026-11-27T12:00:00Z', 'notAvailable'],
  ] as const)('open %s to %s, at %s: %s', (open, close, at, expected) => {
    expect(handoverEntry(hours(open, close), new Date(at))).toBe(expected);
  });

  test('the hours are read in the settings time zone, daylight saving included', () => {
    // 09:00-17:00 in New York: 14:00-22:00 UTC in winter (EST), 13:00-21:00 UTC in summer (EDT).
    const newYork = hours('09:00', '17:00', 'America/New_York');
    expect(handoverEntry(newYork, new Date('2026-01-15T13:30:00Z'))).toBe('notAvailable');
    expect(handoverEntry(newYork, new Date('2026-01-15T14:30:00Z'))).toBe('queue');
    expect(handoverEntry(newYork, new Date('2026-07-15T13:30:00Z'))).toBe('queue');
    expect(handoverEntry(newYork, new Date('2026-07-15T21:30:00Z'))).toBe('notAvailable');
    // Past midnight in Tokyo (UTC+9): 23:00-02:00 local is 14:00-17:00 UTC.
    const tokyo = hours('23:00', '02:00', 'Asia/Tokyo');
    expect(handoverEntry(tokyo, new Date('2026-11-27T16:30:00Z'))).toBe('queue');
    expect(handoverEntry(tokyo, new Date('2026-11-27T17:30:00Z'))).toBe('notAvailable');
  });
});

describe('what counts as not recognised', () => {
  test.each([
    [{ intent: null, score: 0 }, true],
    [{ intent: 'None', score: 0.9 }, true],
    [{ intent: 'OrderPizza', score: 0.1 }, true],
    // Between the thresholds the bot asks to rephrase: to the user it did not understand.
    [{ intent: 'OrderPizza', score: 0.5 }, true],
    [{ intent: 'OrderPizza', score: 0.95 }, false],
    // No recognition ran: an answer to a question, or a message to an agent.
    [{ intent: null, score: null }, false],
  ])('%j: %s', (seen, expected) => {
    expect(isUnrecognized(seen, THRESHOLDS)).toBe(expected);
  });

  test('the streak counts misses from the newest back to the first understood message', () => {
    const miss = { intent: null, score: 0 };
    const hit = { intent: 'OrderPizza', score: 0.9 };
    expect(unrecognizedStreak([miss, miss, hit, miss], THRESHOLDS)).toBe(2);
    expect(unrecognizedStreak([hit, miss], THRESHOLDS)).toBe(0);
    expect(unrecognizedStreak([], THRESHOLDS)).toBe(0);
  });
});

describe('when a turn hands the conversation over', () => {
  const active = { ...DEFAULT_HANDOVER_SETTINGS, isActive: true, unrecognizedIntentLimit: 3 };
  const handoverEvent = { type: 'event' as const, name: 'handover' as const };
  const said = { type: 'text' as const, text: 'Sorry?' };

  test('the Handover block fires it, only while handover is on', () => {
    expect(handoverReason(active, { activities: [said, handoverEvent], streak: 0 })).toBe('handoverBlock');
    expect(
      handoverReason({ ...active, isActive: false }, { activities: [handoverEvent], streak: 0 }),
    ).toBeUndefined();
  });

  test('the unrecognised-intent limit fires it at the limit and after each further limit', () => {
    const at = (streak: number) => handoverReason(active, { activities: [said], streak });
    expect([1, 2, 3, 4, 5, 6].map(at)).toEqual([
      undefined,
      undefined,
      'unrecognizedIntent',
      undefined,
      undefined,
      'unrecognizedIntent',
    ]);
    expect(
      handoverReason({ ...active, unrecognizedIntentLimit: null }, { activities: [said], streak: 3 }),
    ).toBeUndefined();
  });

  test('the negative-sentiment limit fires it when a negative message reaches it, and after each further limit', () => {
    const unhappy = { ...active, unrecognizedIntentLimit: null, negativeSentimentLimit: 2 };
    const at = (negatives: number) => handoverReason(unhappy, { activities: [said], streak: 0, negatives });
    expect([0, 1, 2, 3, 4].map(at)).toEqual([
      undefined,
      undefined,
      'negativeSentiment',
      undefined,
      'negativeSentiment',
    ]);
    expect(
      handoverReason(
        { ...unhappy, negativeSentimentLimit: null },
        { activities: [said], streak: 0, negatives: 2 },
      ),
    ).toBeUndefined();
  });
});
