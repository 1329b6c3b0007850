import { describe, expect, it } from 'vitest';
import { load, train } from './index';
import type { NluLanguage } from './text/languages';

/** Two intents a language; the test sentences use inflections the examples do not. */
const CASES: Record<
  NluLanguage,
  {
    weather: string[];
    order: string[];
    tests: Array<[string, 'Weather' | 'Order']>;
    positive: string;
    negative: string;
  }
> = {
  en: {
    weather: ['what is the weather', 'will it rain today', 'is it sunny outside', 'weather forecast please'],
    order: ['I want to order a pizza', 'order food for me', 'can I order dinner', 'place an order'],
    tests: [
      ['is it raining', 'Weather'],
      ['ordering pizzas', 'Order'],
    ],
    positive: 'this is great, I love it',
    negative: 'this is not good, terrible service',
  },
  de: {
    weather: [
      'wie ist das wetter',
      'wird es heute regnen',
      'ist es sonnig draußen',
      'wettervorhersage bitte',
    ],
    order: [
      'ich möchte eine pizza bestellen',
      'bestelle essen für mich',
      'kann ich abendessen bestellen',
      'eine bestellung aufgeben',
    ],
    tests: [
      ['regnet es morgen', 'Weather'],
      ['ich bestellte pizzen', 'Order'],
    ],
    positive: 'das ist wunderbar, ich liebe es',
    negative: 'das ist schrecklich und schlecht',
  },
  fr: {
    weather: [
      'quel temps fait-il',
      "va-t-il pleuvoir aujourd'hui",
      'fait-il beau dehors',
      'prévisions météo svp',
    ],
    order: [
      'je veux commander une pizza',
      'commande à manger pour moi',
      'puis-je commander le dîner',
      'passer une commande',
    ],
    tests: [
      ['il pleut demain', 'Weather'],
      ['je commanderai des pizzas', 'Order'],
    ],
    positive: "c'est excellent, j'adore",
    negative: "c'est horrible et mauvais",
  },
  es: {
    weather: ['qué tiempo hace', 'va a llover hoy', 'hace sol afuera', 'pronóstico del tiempo por favor'],
    order: ['quiero pedir una pizza', 'pide comida para mí', 'puedo pedir la cena', 'hacer un pedido'],
    tests: [
      ['llueve mañana', 'Weather'],
      ['pedimos pizzas', 'Order'],
    ],
    positive: 'es excelente, me encanta',
    negative: 'es horrible y malo',
  },
  it: {
    weather: ['che tempo fa', 'pioverà oggi', 'è soleggiato fuori', 'previsioni del tempo per favore'],
    order: ['voglio ordinare una pizza', 'ordina cibo per me', 'posso ordinare la cena', 'fare un ordine'],
    tests: [
      ['piove domani', 'Weather'],
      ['ordiniamo delle pizze', 'Order'],
    ],
    positive: 'è bellissimo, fantastico',
    negative: 'è orribile e pessimo',
  },
  nl: {
    weather: [
      'wat voor weer is het',
      'gaat het vandaag regenen',
      'is het zonnig buiten',
      'weersverwachting graag',
    ],
    order: [
      'ik wil een pizza bestellen',
      'bestel eten voor mij',
      'kan ik avondeten bestellen',
      'een bestelling plaatsen',
    ],
    tests: [
      ['regent het morgen', 'Weather'],
      ['wij bestelden pizzas', 'Order'],
    ],
    positive: 'dit is geweldig en mooi',
    negative: 'dit is verschrikkelijk en slecht',
  },
  pt: {
    weather: [
      'como está o tempo',
      'vai chover hoje',
      'está ensolarado lá fora',
      'previsão do tempo por favor',
    ],
    order: ['quero pedir uma pizza', 'peça comida para mim', 'posso pedir o jantar', 'fazer um pedido'],
    tests: [
      ['chove amanhã', 'Weather'],
      ['pedimos pizzas', 'Order'],
    ],
    positive: 'é excelente, adorei',
    negative: 'muito mau e triste',
  },
};

describe.each(Object.entries(CASES))('language %s', (language, c) => {
  const predictor = load(
    train({
      language,
      intents: [
        { name: 'Weather', utterances: c.weather },
        { name: 'Order', utterances: c.order },
      ],
      entities: [],
    }),
  );

  it('ranks the right intent first for inflected forms, through its stemmer', () => {
    for (const [text, intent] of c.tests) {
      const ranking = predictor.predict(text).intents.filter((i) => i.intent !== 'None');
      expect(ranking[0]?.intent, text).toBe(intent);
    }
    expect(predictor.predict(c.weather[0] as string).topIntent).toBe('Weather');
  });

  it('scores sentiment with its lexicon', () => {
    expect(predictor.predict(c.positive).sentiment.label, c.positive).toBe('positive');
    expect(predictor.predict(c.negative).sentiment.label, c.negative).toBe('negative');
  });
});

describe('sentiment', () => {
  const predictor = load(
    train({ language: 'en', intents: [{ name: 'A', utterances: ['hello', 'hi there'] }], entities: [] }),
  );
  it('flips negated words and stays neutral without opinion', () => {
    const good = predictor.predict('it was good');
    const notGood = predictor.predict('it was not good');
    expect(good.sentiment.label).toBe('positive');
    expect(notGood.sentiment.score).toBeLessThan(0);
    expect(predictor.predict('my order number is 12345').sentiment.label).toBe('neutral');
  });
});
