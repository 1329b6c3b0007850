import { describe, expect, it } from 'vitest';
import { type NluTrainingData, NONE } from '../types';
import { intentNameExamples, nameWords } from './intent-names';

describe('intent names as examples', () => {
  it('splits snake_case, CamelCase, acronyms and punctuation into lower-case words', () => {
    expect(nameWords('activate_my_card')).toBe('activate my card');
    expect(nameWords('BookRestaurant')).toBe('book restaurant');
    expect(nameWords('Change Password')).toBe('change password');
    expect(nameWords('reverted_card_payment?')).toBe('reverted card payment');
    expect(nameWords('GetPDFReport')).toBe('get pdf report');
    expect(nameWords('Top-up2Card')).toBe('top up2 card');
  });

  it('gives one example an intent with examples, none for None or a name without a word', () => {
    const intent = (name: string, utterances: string[] = ['something']) => ({ name, utterances });
    const data: NluTrainingData = {
      language: 'en',
      intents: [
        intent('OrderPizza'),
        intent(NONE),
        intent('none'),
        intent('I1'),
        intent('x'),
        intent('Empty', []),
        { name: 'Greetings', utterances: [], patterns: ['hi [name]'] },
      ],
      entities: [],
    };
    expect(intentNameExamples(data)).toEqual([
      { text: 'order pizza', intent: 'OrderPizza' },
      { text: 'greetings', intent: 'Greetings' },
    ]);
  });

  it('leaves big bots alone (1,000 written examples or more)', () => {
    const utterances = Array.from({ length: 500 }, (_, i) => `example ${i}`);
    const data: NluTrainingData = {
      language: 'en',
      intents: [
        { name: 'Alpha', utterances },
        { name: 'Beta', utterances },
      ],
      entities: [],
    };
    expect(intentNameExamples(data)).toEqual([]);
    expect(intentNameExamples({ ...data, intents: [{ name: 'Alpha', utterances }] })).toHaveLength(1);
  });
});
