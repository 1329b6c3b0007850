import { describe, expect, it } from 'vitest';
import { Analyser } from '../text/tokenize';
import { Gazetteer } from './gazetteer';
import { averageTaggers, cueOf, type TaggedSentence, Tagger, type TaggerModel, trainTagger } from './tagger';
import { bioLabels } from './value-variants';

const analyser = new Analyser('en');
const sentence = (text: string, intent: string, ...values: Array<[string, string]>): TaggedSentence => {
  const tokens = analyser.tokenize(text);
  const spans = values.map(([label, value]) => {
    const start = text.indexOf(value);
    return { label, start, end: start + value.length };
  });
  return { tokens, labels: bioLabels(tokens, spans), intent };
};

describe('the entity tagger', () => {
  it('knows date and number words and shapes without examples', () => {
    expect(cueOf('friday', 'en')).toContain('Date');
    expect(cueOf('seven', 'en')).toContain('Number');
    expect(cueOf('1984', 'en')).toBe('Date+Number+Ordinal');
    expect(cueOf('playlist', 'en')).toBe('');
  });

  const sentences = [
    sentence('book a table for 4 at 6 pm', 'book', ['party', '4'], ['time', '6 pm']),
    sentence('book a table for two tomorrow', 'book', ['party', 'two'], ['time', 'tomorrow']),
    sentence('book a table for 3 this week', 'book', ['party', '3'], ['time', 'this week']),
    sentence('play the song by adele', 'play', ['artist', 'adele']),
    sentence('play the song by bilal', 'play', ['artist', 'bilal']),
    sentence('play a song by the beatles now', 'play', ['artist', 'the beatles']),
  ];
  const model = trainTagger(sentences, new Gazetteer(), { seed: 11, cues: 'en', epochs: 10 });
  const tagger = new Tagger(model, new Gazetteer());
  const tag = (text: string, intent?: string) =>
    tagger.tag(analyser.tokenize(text), intent).map((s) => `${s.label}:${s.from}-${s.to}`);

  it('records the entities each intent marks', () => {
    expect(model.intentEntities).toEqual([
      ['book', ['party', 'time']],
      ['play', ['artist']],
    ]);
    expect(model.cues).toBe('en');
  });

  it('only looks for the entities the intent marks', () => {
    for (const span of tagger.tag(analyser.tokenize('book a table for 5 by adele'), 'book')) {
      expect(['party', 'time']).toContain(span.label);
    }
    for (const span of tagger.tag(analyser.tokenize('play the song by 5 pm'), 'play')) {
      expect(span.label).toBe('artist');
    }
  });

  it('tags a whole value, a time it never saw included', () => {
    expect(tag('book a table for 4 at 7 pm', 'book')).toEqual(['party:4-5', 'time:6-8']);
    expect(tag('play the song by adele', 'play')).toEqual(['artist:4-5']);
  });

  it('gives valid spans: an inside label only after the beginning of the same entity', () => {
    for (const text of ['book a table for 4 at 7 pm', 'play the song by the beatles now', 'for the at by']) {
      for (const intent of ['book', 'play', undefined]) {
        for (const span of tagger.tag(analyser.tokenize(text), intent)) {
          expect(span.to).toBeGreaterThan(span.from);
        }
      }
    }
  });

  it('averages taggers trained on the same labels, feature by feature', () => {
    const a: TaggerModel = {
      labels: ['O', 'B-x'],
      featureHashes: Uint32Array.from([7, 9]),
      weights: Float32Array.from([1, 2, 3, 4]),
      transitions: Float32Array.from([0, 2, 4, 6, 8, 10]),
    };
    const b: TaggerModel = {
      ...a,
      featureHashes: Uint32Array.from([9, 5]),
      weights: Float32Array.from([1, 0, 6, 8]),
      transitions: Float32Array.from([2, 2, 2, 2, 2, 2]),
    };
    expect(averageTaggers([a])).toBe(a);
    const mean = averageTaggers([a, b]);
    expect([...mean.featureHashes]).toEqual([7, 9, 5]);
    expect([...mean.weights]).toEqual([0.5, 1, 2, 2, 3, 4]);
    expect([...mean.transitions]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => averageTaggers([a, { ...b, labels: ['O', 'B-y'] }])).toThrow();
  });
});
