import { describe, expect, test } from 'vitest';
import { earliestStatisticsDate, percentOf, periodOf, scoreOf, secondsOf } from './llm-metrics-format';

describe('LLM statistics as shown', () => {
  test('milliseconds as seconds with 5 decimals', () => {
    expect(secondsOf(1234.5678)).toBe('1.23457');
    expect(secondsOf(0.4)).toBe('0.00040');
    expect(secondsOf(null)).toBe('–');
    expect(scoreOf(2 / 3)).toBe('0.66667');
    expect(percentOf(0.5)).toBe('50.0%');
  });

  test('the earliest date is the LLM’s creation, never before 2025-05-01', () => {
    expect(earliestStatisticsDate(undefined)).toBe('2025-05-01');
    expect(earliestStatisticsDate('2024-12-24T10:00:00.000Z')).toBe('2025-05-01');
    expect(earliestStatisticsDate('2026-02-03T10:00:00.000Z')).toBe('2026-02-03');
  });

  test('a month or a day as the API’s period', () => {
    expect(periodOf('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(periodOf('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(periodOf('')).toBeUndefined();
  });
});
