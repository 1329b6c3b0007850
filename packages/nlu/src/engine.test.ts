import { ENGINES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  deserialiseModel,
  load,
  NLU_LANGUAGES,
  NluModelError,
  NluTrainingError,
  serialiseModel,
  train,
} from './index';
import type { NluTrainingData } from './types';

const bank: NluTrainingData = {
  language: 'en',
  intents: [
    {
      name: 'CheckBalance',
      utterances: [
        'what is my balance',
        'how much money do I have',
        'show my account balance',
        'balance of my savings account',
        'how much is left on my checking account',
        'tell me my current balance',
      ],
    },
    {
      name: 'TransferMoney',
      utterances: [
        'transfer money to my savings',
        'send 50 dollars to John',
        'move funds between accounts',
        'I want to make a transfer',
        'wire money to my landlord',
        'pay my friend back',
      ],
      patterns: ['send [Number] to [payee:recipient]'],
    },
    {
      name: 'LostCard',
      utterances: [
        'I lost my card',
        'my credit card was stolen',
        'block my debit card',
        'I cannot find my card anywhere',
        'freeze my card please',
        'someone took my wallet with my card',
      ],
    },
  ],
  entities: [
    { name: 'payee', type: 'entities', roles: [{ name: 'recipient' }], examples: ['John', 'my landlord'] },
    { name: 'Number', type: 'prebuilts' },
  ],
};

describe('the embedded engine', () => {
  const predictor = load(serialiseModel(train(bank)));

  it('declares the languages of the parley engine in contracts', () => {
    expect([...NLU_LANGUAGES].sort()).toEqual(
      [...(ENGINES.find((e) => e.id === 'parley')?.languages ?? [])].sort(),
    );
  });

  it('recognises in-scope utterances it never saw with a confidence above the usual thresholds', () => {
    for (const [text, intent] of [
      ['what is the balance on my account', 'CheckBalance'],
      ['please transfer some money to savings', 'TransferMoney'],
      ['my card got stolen', 'LostCard'],
    ] as const) {
      const p = predictor.predict(text);
      expect(p.topIntent, text).toBe(intent);
      expect(p.confidence, text).toBeGreaterThan(0.5);
      expect(p.intents[0]?.intent).toBe(intent);
      const sum = p.intents.reduce((a, b) => a + b.score, 0);
      expect(sum).toBeCloseTo(1, 2);
    }
  });

  it('sends out-of-scope input (small talk, gibberish, one letter) to None with low confidence, with no None examples', () => {
    for (const text of [
      'hello there',
      'who won the football match yesterday',
      'my cat likes fish',
      'qwxz vbnmk plokij',
      'x',
      '?',
    ]) {
      const p = predictor.predict(text);
      expect(p.topIntent, text).toBe('None');
      expect(p.confidence, text).toBeLessThan(0.4);
    }
    // Half the words known ('tell me'): not None for sure, but far below the default high
    // threshold (0.7), so the bot asks rather than answers.
    expect(predictor.predict('tell me a joke').confidence).toBeLessThan(0.5);
  });

  it('learns from None examples too', () => {
    const withNone = load(
      train({
        ...bank,
        intents: [
          ...bank.intents,
          {
            name: 'None',
            utterances: [
              'what is the weather in paris',
              'weather forecast for tomorrow',
              'will it rain today',
            ],
          },
        ],
      }),
    );
    const p = withNone.predict('is it going to rain tomorrow');
    expect(p.topIntent).toBe('None');
    expect(p.confidence).toBeLessThan(0.4);
  });

  it('matches patterns before the classifier, with the entities and roles of their placeholders', () => {
    const p = predictor.predict('Send 20 to my landlord');
    expect(p.matchedPattern).toBe('send [Number] to [payee:recipient]');
    expect(p.topIntent).toBe('TransferMoney');
    expect(p.confidence).toBe(1);
    expect(p.entities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'Number', start: 5, end: 7, text: '20' }),
        expect.objectContaining({
          entity: 'payee',
          role: 'recipient',
          start: 11,
          end: 22,
          text: 'my landlord',
        }),
      ]),
    );
    expect(predictor.predict('send twenty dollars quickly please').matchedPattern).toBeUndefined();
  });

  it('trains the same model from the same data', () => {
    expect(serialiseModel(train(bank))).toBe(serialiseModel(train(bank)));
  });

  it('predicts the same after a serialisation round trip', () => {
    const model = train(bank);
    const direct = load(model);
    const stored = load(serialiseModel(model));
    for (const text of ['how much do I have', 'lost my card', 'send 5 to John', 'hi']) {
      expect(stored.predict(text)).toEqual(direct.predict(text));
    }
    expect(() => deserialiseModel('{"format":"other"}')).toThrow(NluModelError);
    // A model of another format version is refused, not misread.
    const older = JSON.parse(serialiseModel(model));
    expect(() => deserialiseModel(JSON.stringify({ ...older, version: 1 }))).toThrow(/older Parley/);
    expect(() => deserialiseModel(JSON.stringify({ ...older, version: 99 }))).toThrow(/newer Parley/);
    expect(() => deserialiseModel('not json')).toThrow(NluModelError);
  });

  it('refuses a language it does not understand and data without examples', () => {
    expect(() => train({ ...bank, language: 'ja' })).toThrow(NluTrainingError);
    expect(() => train({ language: 'en', intents: [{ name: 'A', utterances: [] }], entities: [] })).toThrow(
      NluTrainingError,
    );
  });
});
