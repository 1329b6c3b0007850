import { describe, expect, test } from 'vitest';
import { sequentialId } from './sequential-id';

describe('sequentialId', () => {
  test('is a version 7 UUID whose order follows time', () => {
    const earlier = sequentialId(Date.parse('2026-12-05T10:00:00.000Z'));
    const later = sequentialId(Date.parse('2026-12-05T10:00:00.001Z'));
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 13)).toBe('01a245a5-7100');
  });

  test('two ids of one millisecond differ', () => {
    const now = Date.now();
    expect(sequentialId(now)).not.toBe(sequentialId(now));
  });
});
