import { describe, expect, it } from 'vitest';
import { NONE } from '../types';
import { noneWins } from './none-rule';

const ranked = (none: number, ...real: number[]) => [
  { intent: NONE, score: none },
  ...real.map((score, i) => ({ intent: `I${i}`, score })),
];

describe('noneWins', () => {
  it('lets None win by plurality when the input has a word the bot never saw', () => {
    expect(noneWins(ranked(0.4, 0.3, 0.3), () => false)).toBe(true);
    expect(noneWins(ranked(0.2, 0.8), () => false)).toBe(false);
  });

  it('asks for more than half the mass when every word is known (a split among close intents)', () => {
    expect(noneWins(ranked(0.4, 0.3, 0.3), () => true)).toBe(false);
    expect(noneWins(ranked(0.6, 0.2, 0.2), () => true)).toBe(true);
  });

  it('is None when no real intent scores', () => {
    expect(noneWins(ranked(0.3, 0), () => true)).toBe(true);
    expect(noneWins([{ intent: NONE, score: 1 }], () => true)).toBe(true);
  });
});
