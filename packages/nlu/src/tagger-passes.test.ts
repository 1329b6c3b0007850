import { describe, expect, it } from 'vitest';
import { taggerPasses } from './entities/tagger';

describe('the tagger passes', () => {
  it('makes four passes over a bot of ordinary size and two over a very big one', () => {
    expect(taggerPasses(0)).toBe(4);
    expect(taggerPasses(2_000)).toBe(4);
    expect(taggerPasses(62_500)).toBe(4);
    expect(taggerPasses(100_000)).toBe(3);
    expect(taggerPasses(140_000)).toBe(2);
    expect(taggerPasses(5_000_000)).toBe(2);
  });
});
