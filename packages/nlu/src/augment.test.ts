import { describe, expect, it } from 'vitest';
import { swappedValues, withSwappedValues } from './intents/augment';
import type { NluTrainingData } from './types';

const data: NluTrainingData = {
  language: 'en',
  intents: [
    {
      name: 'DeleteAccount',
      utterances: [
        {
          text: 'how do I delete my Facebook account',
          entities: [{ entity: 'service', start: 19, end: 27 }],
        },
        { text: 'remove my Trello profile', entities: [{ entity: 'service', start: 10, end: 16 }] },
        'close everything',
      ],
    },
  ],
  entities: [{ name: 'service', type: 'entities', examples: ['Gmail'] }],
};

describe('training variants with swapped entity values', () => {
  it('swaps each marked value for another value of the same entity, wording kept', () => {
    const variants = withSwappedValues(data);
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v.intent).toBe('DeleteAccount');
      expect(v.text).toMatch(
        /^(how do I delete my (Trello|Gmail) account|remove my (Facebook|Gmail) profile)$/,
      );
    }
    expect(withSwappedValues(data)).toEqual(variants);
  });

  it('leaves out entities with a single value, and overlapping spans', () => {
    const only = new Map([['size', ['large']]]);
    expect(
      swappedValues(
        [{ text: 'a large tea', intent: 'Order', spans: [{ entity: 'size', start: 2, end: 7 }] }],
        only,
        2,
      ),
    ).toEqual([]);
    const two = new Map([['x', ['b', 'c']]]);
    const out = swappedValues(
      [
        {
          text: 'a bc d',
          intent: 'I',
          spans: [
            { entity: 'x', start: 2, end: 4 },
            { entity: 'x', start: 3, end: 4 },
          ],
        },
      ],
      two,
      4,
    );
    for (const v of out) expect(v.text).toMatch(/^a [bc] d$/);
  });
});
