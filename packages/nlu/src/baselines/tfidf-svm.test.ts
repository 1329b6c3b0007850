import { describe, expect, it } from 'vitest';
import { charGrams, trainSvmBaseline, wordGrams } from './tfidf-svm';

const rows = [
  { text: 'book a table for two tonight', intent: 'BookRestaurant' },
  { text: 'reserve a table at an italian restaurant', intent: 'BookRestaurant' },
  { text: 'I need a restaurant booking for friday', intent: 'BookRestaurant' },
  { text: 'what is the weather in paris', intent: 'GetWeather' },
  { text: 'will it rain tomorrow', intent: 'GetWeather' },
  { text: 'weather forecast for the weekend', intent: 'GetWeather' },
  { text: 'play some jazz music', intent: 'PlayMusic' },
  { text: 'put on the new album by adele', intent: 'PlayMusic' },
  { text: 'play my workout playlist', intent: 'PlayMusic' },
];

describe('TF-IDF + linear SVM baseline', () => {
  it('reads word 1-2-grams and character 2-5-grams within words', () => {
    expect(wordGrams('Play a song, now')).toEqual(['w:play', 'w:song', 'w:now', 'b:play song', 'b:song now']);
    const grams = charGrams('Hi');
    expect(grams).toEqual(['c: h', 'c:hi', 'c:i ', 'c: hi', 'c:hi ', 'c: hi ']);
  });

  it('learns a tiny dataset and answers unseen wordings', () => {
    const model = trainSvmBaseline(rows);
    expect(model.classes).toEqual(['BookRestaurant', 'GetWeather', 'PlayMusic']);
    for (const row of rows) expect(model.predict(row.text)).toBe(row.intent);
    expect(model.predict('is it going to rain in paris')).toBe('GetWeather');
    expect(model.predict('play jazz')).toBe('PlayMusic');
    expect(model.predict('book a restaurant table')).toBe('BookRestaurant');
  });

  it('is deterministic: the same data gives the same scores', () => {
    const a = trainSvmBaseline(rows).scores('play the weather song');
    const b = trainSvmBaseline(rows).scores('play the weather song');
    expect([...a]).toEqual([...b]);
  });

  it('gives every class a score and the margin sign of a trained example', () => {
    const model = trainSvmBaseline(rows);
    const s = model.scores('will it rain tomorrow');
    expect(s.length).toBe(3);
    expect(s[1]).toBeGreaterThan(0);
    expect(s[0]).toBeLessThan(0);
    expect(s[2]).toBeLessThan(0);
  });
});
