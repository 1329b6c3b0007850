import { describe, expect, it } from 'vitest';
import { load, train } from './index';
import type { NluTrainingData } from './types';

const shop: NluTrainingData = {
  language: 'en',
  intents: [
    {
      name: 'Order',
      utterances: [
        { text: 'I want a large pizza', entities: [{ entity: 'size', start: 9, end: 14 }] },
        { text: 'order a small coffee to go', entities: [{ entity: 'size', start: 8, end: 13 }] },
        { text: 'can I get a medium tea', entities: [{ entity: 'size', start: 12, end: 18 }] },
        { text: 'a large latte please', entities: [{ entity: 'size', start: 2, end: 7 }] },
        { text: 'give me two small muffins', entities: [{ entity: 'size', start: 12, end: 17 }] },
        { text: 'one medium hot chocolate', entities: [{ entity: 'size', start: 4, end: 10 }] },
        'I would like to order food',
        'order my usual',
      ],
    },
    {
      name: 'Track',
      utterances: [
        'where is my order',
        'track order ABC-1234',
        'status of my delivery',
        'when will my food arrive',
      ],
    },
  ],
  entities: [
    { name: 'size', type: 'entities', examples: ['large'] },
    {
      name: 'drink',
      type: 'closedlists',
      resolveWithCanonical: true,
      sublists: [
        { canonicalForm: 'coffee', list: ['espresso', 'latte', 'flat white'] },
        { canonicalForm: 'tea', list: ['chai', 'green tea'] },
      ],
    },
    { name: 'orderId', type: 'regexentities', regexes: ['[A-Z]{3}-[0-9]{4}'] },
  ],
};

describe('entities', () => {
  const predictor = load(train(shop));
  const find = (text: string, entity: string) =>
    predictor.predict(text).entities.filter((e) => e.entity === entity);

  it('finds closed-list values by canonical form or synonym, ignoring case, resolved to the canonical form', () => {
    expect(find('one FLAT WHITE and a Chai', 'drink')).toEqual([
      { entity: 'drink', start: 4, end: 14, text: 'coffee', value: 'coffee' },
      { entity: 'drink', start: 21, end: 25, text: 'tea', value: 'tea' },
    ]);
    // Whole words only: 'teapot' holds no tea.
    expect(find('my teapot broke', 'drink')).toEqual([]);
    const plain = load(
      train({
        ...shop,
        entities: shop.entities.map((e) =>
          e.type === 'closedlists' ? { ...e, resolveWithCanonical: false } : e,
        ),
      }),
    );
    expect(plain.predict('a Latte').entities.find((e) => e.entity === 'drink')).toMatchObject({
      text: 'Latte',
      value: 'coffee',
    });
  });

  it('finds regex entities through RE2, and a catastrophic regex stays fast', () => {
    expect(find('track order XYZ-9876 now', 'orderId')).toEqual([
      { entity: 'orderId', start: 12, end: 20, text: 'XYZ-9876', value: 'XYZ-9876' },
    ]);
    const evil = load(
      train({ ...shop, entities: [{ name: 'evil', type: 'regexentities', regexes: ['(a+)+$', '(?<=x)y'] }] }),
    );
    const started = performance.now();
    evil.predict(`${'a'.repeat(5000)}!`);
    // Finishing at all is the point: a backtracking engine would not in a lifetime.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('learns simple entities from marked utterances and tags values it never saw', () => {
    const sizes = find('I want a tiny pizza', 'size');
    expect(sizes.map((s) => s.text)).toEqual(['tiny']);
    expect(find('a medium coffee', 'size')).toEqual([
      { entity: 'size', start: 2, end: 8, text: 'medium', value: 'medium' },
    ]);
  });

  it('learns a simple entity from its examples alone (unmarked utterances are marked from them)', () => {
    const colours = load(
      train({
        language: 'en',
        intents: [
          {
            name: 'Paint',
            utterances: [
              'paint it red',
              'I want the wall blue',
              'make the door green please',
              'paint the room red',
            ],
          },
          {
            name: 'Clean',
            utterances: ['clean the kitchen', 'wash the floor', 'tidy up my room', 'vacuum the carpet'],
          },
        ],
        entities: [{ name: 'colour', type: 'entities', examples: ['red', 'blue', 'green'] }],
      }),
    );
    expect(colours.predict('paint the fence blue').entities).toEqual([
      { entity: 'colour', start: 16, end: 20, text: 'blue', value: 'blue' },
    ]);
  });

  it('learns roles of marked entities', () => {
    const flights = load(
      train({
        language: 'en',
        intents: [
          {
            name: 'Book',
            utterances: [
              ['fly from paris to rome', 'paris', 'rome'],
              ['a flight from berlin to madrid', 'berlin', 'madrid'],
              ['from london to dublin tomorrow', 'london', 'dublin'],
              ['book a trip from vienna to prague', 'vienna', 'prague'],
              ['i need to go from lisbon to porto', 'lisbon', 'porto'],
            ].map(([text, from, to]) => {
              const t = text as string;
              return {
                text: t,
                entities: [
                  {
                    entity: 'city',
                    role: 'origin',
                    start: t.indexOf(from as string),
                    end: t.indexOf(from as string) + (from as string).length,
                  },
                  {
                    entity: 'city',
                    role: 'destination',
                    start: t.indexOf(to as string),
                    end: t.indexOf(to as string) + (to as string).length,
                  },
                ],
              };
            }),
          },
          { name: 'Cancel', utterances: ['cancel my booking', 'i want to cancel', 'drop my reservation'] },
        ],
        entities: [{ name: 'city', type: 'entities', roles: [{ name: 'origin' }, { name: 'destination' }] }],
      }),
    );
    const found = flights.predict('fly from paris to madrid').entities;
    expect(found.map((e) => [e.text, e.role])).toEqual([
      ['paris', 'origin'],
      ['madrid', 'destination'],
    ]);
  });

  // The first call of each recognizer warms it up (tens of ms of CPU each; seconds on a loaded machine).
  it('resolves prebuilt entities through recognizers-text', { timeout: 60_000 }, () => {
    const prebuilt = load(
      train({
        language: 'en',
        intents: [{ name: 'Remind', utterances: ['remind me about it', 'set a reminder'] }],
        entities: ['Number', 'Date', 'Email', 'Currency', 'Percentage', 'Url', 'Ordinal'].map((name) => ({
          name,
          type: 'prebuilts' as const,
        })),
      }),
    );
    const reference = new Date(2026, 0, 1, 9, 0, 0);
    const entities = prebuilt.predict('pay 25 dollars tomorrow to a@b.com', {
      referenceDate: reference,
    }).entities;
    expect(entities.find((e) => e.entity === 'Email')).toMatchObject({
      text: 'a@b.com',
      value: { value: 'a@b.com' },
    });
    expect(entities.find((e) => e.entity === 'Currency')).toMatchObject({
      text: '25 dollars',
      value: { value: '25', unit: 'Dollar' },
    });
    expect(entities.find((e) => e.entity === 'Date')).toMatchObject({ text: 'tomorrow' });
    expect(JSON.stringify(entities.find((e) => e.entity === 'Date')?.value)).toContain('2026-01-02');
    expect(prebuilt.predict('the 3rd one').entities.find((e) => e.entity === 'Ordinal')).toMatchObject({
      text: '3rd',
    });
    expect(prebuilt.predict('50% off').entities.find((e) => e.entity === 'Percentage')).toMatchObject({
      text: '50%',
    });
  });
});
