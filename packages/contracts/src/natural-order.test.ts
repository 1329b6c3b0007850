import { describe, expect, test } from 'vitest';
import { byNameThenId, naturalCompare } from './natural-order';

describe('natural order', () => {
  test('numbers inside names compare as numbers, case aside', () => {
    const names = ['seat10', 'seat1', 'Seat2', 'seat0', 'seat11', 'seat9'];
    expect([...names].sort(naturalCompare)).toEqual(['seat0', 'seat1', 'Seat2', 'seat9', 'seat10', 'seat11']);
  });

  test('people of one name keep their order by e-mail address', () => {
    const people = [
      { name: 'Ann', id: 'ann10@x.test' },
      { name: 'ann', id: 'ann2@x.test' },
      { name: 'Bob', id: 'a@x.test' },
    ];
    expect([...people].sort(byNameThenId).map((p) => p.id)).toEqual([
      'ann2@x.test',
      'ann10@x.test',
      'a@x.test',
    ]);
  });
});
