import { describe, expect, it } from 'vitest';
import { buildCoverage, WordCoverage } from './intents/coverage';
import { Analyser } from './text/tokenize';

const analyser = new Analyser('en');
const bot = [
  'what is my balance',
  'show my account balance',
  'my card was stolen',
  'block my card',
  'transfer money to my savings',
].map((s) => analyser.tokenize(s));
const coverage = new WordCoverage(buildCoverage(bot));
const of = (text: string) => coverage.of(analyser.tokenize(text));

describe('vocabulary coverage', () => {
  it('weighs a word by how rare it is in the bot: function words known everywhere say little', () => {
    // One known word in four either way, but 'my' is in every example and 'balance' in two.
    expect(of('my cat likes fish')).toBeLessThan(of('balance cat likes fish'));
    expect(of('my cat likes fish')).toBeLessThan(0.15);
    expect(of('show my balance')).toBe(1);
    expect(of('qwxz vbnmk')).toBe(0);
  });

  it('leaves numbers and entity values out, so they neither help nor hurt', () => {
    expect(of('block my card 4242')).toBe(1);
    const tokens = analyser.tokenize('transfer money to Zanzibar');
    const isValue = (weight: number) => (t: { text: string }) => (t.text === 'Zanzibar' ? weight : 1);
    expect(coverage.of(tokens, isValue(0))).toBe(1);
    const half = coverage.of(tokens, isValue(0.25));
    expect(half).toBeGreaterThan(coverage.of(tokens));
    expect(half).toBeLessThan(1);
  });
});
