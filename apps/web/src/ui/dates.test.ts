import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('dates in day-month-year', () => {
  test('a date and a date with its time, in the local time zone, with dashes', () => {
    const local = new Date(2026, 10, 5, 9, 7, 30);
    expect(formatDate(local)).toBe('05-11-2026');
    expect(formatDateTime(local)).toBe('05-11-2026 09:07');
    expect(formatDate(local.toISOString())).toBe('05-11-2026');
  });
  test('a day past the twelfth is never read as a month', () => {
    expect(formatDate(new Date(2026, 0, 25))).toBe('25-01-2026');
  });
  test('what is not a date shows nothing', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
