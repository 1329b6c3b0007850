import { describe, expect, it } from 'vitest';
import { load, serialiseModel, train } from './index';
import { buildNearest, NearestExamples } from './intents/nearest';
import { seededRandom } from './text/hash';
import { Analyser } from './text/tokenize';
import type { NluTrainingData, NluUtterance } from './types';

const pick = <T>(items: readonly T[], random: () => number) =>
  items[Math.floor(random() * items.length)] as T;

/** A big music and weather bot: many examples whose values (songs, cities) cover everyday words. */
function bigBot(): NluTrainingData {
  const random = seededRandom(5);
  const songs = [
    'my card is lost',
    'money for nothing',
    'the account',
    'pay me back',
    'transfer of love',
    'balance of power',
    'cash machine',
    'bank holiday',
    'the loan ranger',
    'credit to the nation',
  ];
  const cities = ['paris', 'berlin', 'lima', 'cairo', 'oslo', 'austin', 'perth', 'delhi'];
  const marked = (template: string, entity: string, value: string): NluUtterance => {
    const start = template.indexOf('{}');
    return {
      text: template.replace('{}', value),
      entities: [{ entity, start, end: start + value.length }],
    };
  };
  const music = [
    'play {} please',
    'put on {}',
    'i want to hear {}',
    'add {} to my playlist',
    'start the song {}',
  ];
  const weather = [
    'what is the weather in {}',
    'will it rain in {}',
    'forecast for {}',
    'is it cold in {} today',
  ];
  const utterances = (templates: string[], entity: string, values: string[]) =>
    Array.from({ length: 600 }, () => marked(pick(templates, random), entity, pick(values, random)));
  return {
    language: 'en',
    intents: [
      { name: 'PlayMusic', utterances: utterances(music, 'song', songs) },
      { name: 'GetWeather', utterances: utterances(weather, 'city', cities) },
    ],
    entities: [
      { name: 'song', type: 'entities' },
      { name: 'city', type: 'entities' },
    ],
  };
}

describe('similarity to the nearest example', () => {
  const analyser = new Analyser('en');

  it('measures how close an input comes to one of the examples, values left out', () => {
    const sentences = Array.from({ length: 1000 }, (_, i) =>
      analyser.tokenize(`play song number ${i} for me`),
    );
    const nearest = buildNearest(
      sentences,
      sentences.map(() => undefined),
    );
    expect(nearest).not.toBeNull();
    const similarity = new NearestExamples(nearest as NonNullable<typeof nearest>);
    expect(similarity.similarity(analyser.tokenize('play song number 7 for me'))).toBeCloseTo(1, 5);
    expect(similarity.similarity(analyser.tokenize('where is my lost credit card'))).toBe(0);
    const partly = similarity.similarity(analyser.tokenize('play song for me'));
    expect(partly).toBeGreaterThan(0.2);
    expect(partly).toBeLessThan(0.9);
  });

  it('keeps small bots out: a few dozen examples say too little about typical wording', () => {
    const sentences = Array.from({ length: 50 }, () => analyser.tokenize('play a song'));
    expect(
      buildNearest(
        sentences,
        sentences.map(() => undefined),
      ),
    ).toBeNull();
  });

  it('sends a big bot out-of-scope input to None even when its words appear in values', {
    timeout: 30_000,
  }, () => {
    const model = train(bigBot());
    expect(model.classifier.nearest?.reference).toBeGreaterThan(0.15);
    const predictor = load(serialiseModel(model));
    expect(predictor.predict('put on bohemian rhapsody').topIntent).toBe('PlayMusic');
    expect(predictor.predict('will it rain in madrid').topIntent).toBe('GetWeather');
    for (const text of ['my card is lost, can you block it', 'how do I pay back my loan']) {
      expect(predictor.predict(text).topIntent, text).toBe('None');
    }
    // Deterministic: the same data gives the same index.
    expect(serialiseModel(train(bigBot()))).toBe(serialiseModel(model));
  });
});
