import { describe, expect, it } from 'vitest';
import { load } from './predictor';
import { train } from './train';

describe('English sentiment of what users write to a support bot', () => {
  const predictor = load(
    train({
      language: 'en',
      intents: [
        { name: 'Book', utterances: ['book a flight', 'fly to paris'] },
        { name: 'Cancel', utterances: ['cancel my booking', 'cancel it'] },
      ],
      entities: [],
    }),
  );
  const label = (text: string) => predictor.predict(text).sentiment.label;

  it.each([
    ['thanks, that was great', 'positive'],
    ['you are awesome', 'positive'],
    ['not bad at all', 'positive'],
    ['this is terrible, I hate it', 'negative'],
    ['I am not happy with the service', 'negative'],
    ['the delivery was late and the box was damaged', 'negative'],
    // A request is not an opinion, even with one mildly coloured word in it.
    ['cancel my flight', 'neutral'],
    ['fly me to london tomorrow', 'neutral'],
    ['my order number is 12345', 'neutral'],
  ])('%s: %s', (text, expected) => {
    expect(label(text)).toBe(expected);
  });

  it('a negation ends with its clause', () => {
    expect(label('this is not good, terrible service')).toBe('negative');
    expect(predictor.predict('not good, great service').sentiment.score).toBeGreaterThanOrEqual(0);
  });
});
