import { describe, expect, it } from 'vitest';
import { FeatureIndex } from './text/feature-index';
import { hashMore, hashPair, hashPrefix, hashString } from './text/hash';

describe('FeatureIndex', () => {
  it('gives ids in the order hashes were first added, and -1 to a hash never added', () => {
    const index = new FeatureIndex(2);
    const hashes = Array.from({ length: 5000 }, (_, i) => hashString(`w:${i}`));
    hashes.forEach((h, i) => {
      expect(index.add(h)).toBe(i);
    });
    // Growing the table (from 4 slots) moved every entry: each still has its id.
    hashes.forEach((h, i) => {
      expect(index.get(h)).toBe(i);
      expect(index.add(h)).toBe(i);
    });
    expect(index.size).toBe(5000);
    expect(index.get(hashString('w:never'))).toBe(-1);
  });

  it('keeps 0 and hashes above 2^31 apart from each other', () => {
    const index = FeatureIndex.of([0, 0xffffffff, 0x80000000, 1]);
    expect([0, 0xffffffff, 0x80000000, 1].map((h) => index.get(h))).toEqual([0, 1, 2, 3]);
    expect(index.get(0x7fffffff)).toBe(-1);
  });
});

describe('hashing features in parts', () => {
  it('gives the hash of the whole string the parts make up', () => {
    for (const [prefix, a, b] of [
      ['w:', 'hello', 'world'],
      ['s-1s0:', '<s>', 'café'],
      ['c:', '', 'Ōtone'],
    ] as const) {
      expect(hashPair(hashPrefix(prefix), a, b)).toBe(hashString(`${prefix}${a}|${b}`));
      expect(hashMore(hashPrefix(prefix), ` ${b} `, 1, 4) >>> 0).toBe(
        hashString(`${prefix}${` ${b} `.slice(1, 4)}`),
      );
    }
  });
});
