import { describe, expect, test } from 'vitest';
import { messageSentiment } from './message-sentiment';

const text = (said: string) => ({ type: 'text' as const, text: said });

describe('the sentiment of a user message', () => {
  test('angry messages score below 0, friendly ones above, plain questions 0', () => {
    expect(messageSentiment(text('This is useless, I hate it'), 'en')).toBeLessThan(0);
    expect(messageSentiment(text('You are stupid and this is terrible'), 'en-GB')).toBeLessThan(0);
    expect(messageSentiment(text('not good at all'), 'en')).toBeLessThan(0);
    expect(messageSentiment(text('thanks, great help'), 'en')).toBeGreaterThan(0);
    expect(messageSentiment(text('when are you open'), 'en')).toBe(0);
  });

  test('the languages the embedded engine reads are scored in their own words', () => {
    expect(messageSentiment(text('Das ist schrecklich und nutzlos'), 'de-AT')).toBeLessThan(0);
    expect(messageSentiment(text("C'est horrible"), 'fr')).toBeLessThan(0);
  });

  test('what the engine cannot read is not scored', () => {
    expect(messageSentiment(text('Das ist schrecklich'), 'ja')).toBeNull();
    expect(messageSentiment(text('   '), 'en')).toBeNull();
    expect(messageSentiment({ type: 'click', text: 'I hate it' }, 'en')).toBeNull();
    expect(messageSentiment({ type: 'event', name: 'x' }, 'en')).toBeNull();
  });
});
