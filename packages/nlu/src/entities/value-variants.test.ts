import { describe, expect, it } from 'vitest';
import { seededRandom } from '../text/hash';
import { Analyser } from '../text/tokenize';
import {
  bioLabels,
  type LabelledText,
  MAX_VARIANTS,
  nonceOf,
  prebuiltKindOf,
  prebuiltValues,
  unseenShares,
  valuePool,
  valueVariants,
  variantsPerSentence,
} from './value-variants';

const analyser = new Analyser('en');
const marked = (text: string, intent: string, ...values: Array<[string, string]>): LabelledText => ({
  text,
  intent,
  spans: values.map(([label, value]) => {
    const start = text.indexOf(value);
    return { label, start, end: start + value.length };
  }),
});

describe('tagger variants of marked sentences', () => {
  const sentences = [
    marked(
      'add Ruud Jolie to my Guest List playlist',
      'add',
      ['artist', 'Ruud Jolie'],
      ['playlist', 'Guest List'],
    ),
    marked('add bilal to winter', 'add', ['artist', 'bilal'], ['playlist', 'winter']),
    marked('play a song tonight', 'play', ['item', 'song'], ['time', 'tonight']),
    marked('play a song now', 'play', ['item', 'song'], ['time', 'now']),
  ];

  it('labels tokens by the span they start in', () => {
    const tokens = analyser.tokenize('add bilal to winter');
    expect(bioLabels(tokens, sentences[1]?.spans ?? [])).toEqual(['O', 'B-artist', 'O', 'B-playlist']);
  });

  it('pools the marked values with the entity examples, sorted', () => {
    const pool = valuePool(sentences, (label) => (label === 'artist' ? ['Adele'] : []));
    expect(pool.get('artist')).toEqual(['Adele', 'Ruud Jolie', 'bilal']);
    expect(pool.get('item')).toEqual(['song']);
  });

  it('estimates how often a value is new: names always, repeated words rarely', () => {
    const shares = unseenShares(sentences);
    expect(shares.get('artist')).toBe(1);
    expect(shares.get('item')).toBe(1 / 3);
  });

  it('gives few-example bots the most variants and big bots none', () => {
    expect(variantsPerSentence(70)).toBe(MAX_VARIANTS);
    expect(variantsPerSentence(100_000)).toBe(0);
  });

  it('swaps values and keeps every label on its value', () => {
    const pool = valuePool(sentences, () => []);
    const variants = valueVariants(sentences, pool, analyser, 5);
    expect(variants.length).toBeGreaterThan(4);
    for (const v of variants) {
      const entityWords = v.tokens.filter((_, i) => v.labels[i] !== 'O').map((t) => t.lower);
      const others = v.tokens.filter((_, i) => v.labels[i] === 'O').map((t) => t.lower);
      if (v.intent === 'add') {
        expect(others).toContain('add');
        expect(others).toContain('to');
        expect(entityWords).not.toContain('to');
        expect(v.labels.filter((l) => l.startsWith('B-'))).toEqual(['B-artist', 'B-playlist']);
      } else {
        expect(others).toEqual(['play', 'a']);
        expect(v.labels.slice(2)).toEqual(['B-item', 'B-time']);
      }
    }
  });

  it('makes up values shaped like the real ones, keeping short and cue words', () => {
    const random = seededRandom(1);
    const made = nonceOf('The Lady of the Rivers 1984', random, (w) => w === 'Rivers');
    const words = made.split(' ');
    expect(words).toHaveLength(6);
    expect(words[0]).not.toBe('The');
    expect(words[0]).toMatch(/^[A-Z][a-z]{2}$/);
    expect(words[1]).toMatch(/^[A-Z][a-z]{3}$/);
    expect(words.slice(2, 5)).toEqual(['of', 'the', 'Rivers']);
    expect(words[5]).toMatch(/^\d{4}$/);
  });

  it('treats an entity whose values are dates or numbers as that prebuilt type', () => {
    expect(prebuiltKindOf(['6 pm', 'this week', 'elevenses', 'tonight'], 'en')).toBe('Date');
    expect(prebuiltKindOf(['seven', '4', 'ten'], 'en')).toBe('Number');
    // A bare year is a number here: its variants are not 'tomorrow'.
    expect(prebuiltKindOf(['1984', '2012'], 'en')).toBe('Number');
    // A version or a model number is a name, not a count: no 'seven' among its variants.
    expect(prebuiltKindOf(['12.04', '14.04 LTS', 'XP-424'], 'en')).toBeUndefined();
    expect(prebuiltKindOf(['jazz', 'my', 'song'], 'en')).toBeUndefined();
    expect(prebuiltValues('Date', 'en')).toContain('next friday');
    expect(prebuiltValues('Date', 'de')).toEqual([]);
  });

  it('adds dates to the pool of a date-like entity', () => {
    const pool = valuePool([marked('play a song tonight', 'play', ['time', 'tonight'])], () => [], 'en');
    expect(pool.get('time')).toContain('tomorrow');
    expect(pool.get('time')).toContain('tonight');
  });
});
