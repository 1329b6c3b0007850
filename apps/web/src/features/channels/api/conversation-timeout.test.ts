import { describe, expect, test } from 'vitest';
import { lifetimeSecondsOf, minutesOf, TIMEOUT_MINUTES } from './conversation-timeout';

describe('the API conversation timeout: minutes shown, seconds sent', () => {
  test.each([
    ['60', 3600],
    ['1', 60],
    [' 45 ', 2700],
    [String(TIMEOUT_MINUTES.max), TIMEOUT_MINUTES.max * 60],
  ])('%s minutes are sent as %i seconds', (minutes, seconds) => {
    expect(lifetimeSecondsOf(minutes)).toBe(seconds);
  });

  test.each(['0', '', 'ten', '1.5', '-5', String(TIMEOUT_MINUTES.max + 1), '1e3'])(
    '%j is not a timeout',
    (minutes) => {
      expect(lifetimeSecondsOf(minutes)).toBeUndefined();
    },
  );

  test('seconds kept by the server show as minutes', () => {
    expect(minutesOf(3600)).toBe('60');
    expect(minutesOf(90)).toBe('2');
  });
});
