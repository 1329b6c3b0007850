import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  loadRecognizerPackage,
  MEMOISED_DATE_EXTRACTORS,
  memoisedDateExtractors,
  patchedPackages,
  patchSource,
} from './entities/recognizers-text';

const require = createRequire(import.meta.url);

const TEXTS = [
  'can we meet next Tuesday at 3pm',
  'deliver it on 12/03/2025 please',
  'I was born on March 5, 1990',
  'remind me in 2 hours and a half',
  'from June 3rd to June 7th',
  'every day at 5:30pm',
  'the invoice dated 3 January 2024 is wrong',
  'I ordered it 3 days ago for twenty five dollars',
  'book 3 rooms from July 1 to July 5',
  'pay 120 dollars before 6pm tomorrow',
  'the laptop costs €1,299.99 and weighs 2.5 kg',
  'it is 20 degrees and 48 and a half weeks to go',
  'upgrade from 13.10 to 14.04 last week',
  'my number is (555) 123-4567, mail anna@example.com',
  'reserva una mesa para mañana a las 8',
  'wähle den dritten Eintrag für übermorgen',
  'hello there',
  '',
];

type Model = { parse(text: string, reference?: Date): unknown[] };
const reference = new Date('2025-06-04T10:00:00Z');

describe('recognizers-text, memoised', () => {
  it('loads every recognizer package with its patches (an upgrade that moves the code fails here)', () => {
    loadRecognizerPackage('@microsoft/recognizers-text-date-time');
    loadRecognizerPackage('@microsoft/recognizers-text-number');
    loadRecognizerPackage('@microsoft/recognizers-text-number-with-unit');
    loadRecognizerPackage('@microsoft/recognizers-text-sequence');
    expect([...patchedPackages].sort()).toEqual([
      '@microsoft/recognizers-text-date-time',
      '@microsoft/recognizers-text-number',
      '@microsoft/recognizers-text-number-with-unit',
      '@microsoft/recognizers-text-sequence',
    ]);
    expect([...memoisedDateExtractors]).toEqual([...MEMOISED_DATE_EXTRACTORS]);
  });

  it('leaves a bundle whose anchors are missing or repeated unpatched', () => {
    expect(patchSource('var x = 1;', ['diacritics'])).toBeUndefined();
    const twice = 'exports.StringUtility = StringUtility;\nexports.StringUtility = StringUtility;';
    expect(patchSource(twice, ['diacritics'])).toBeUndefined();
    expect(patchSource('exports.StringUtility = StringUtility;', ['diacritics'])).toContain('cache');
  });

  it('finds and resolves exactly what the unpatched library does, twice in a row', {
    timeout: 180_000,
  }, () => {
    type DT = typeof import('@microsoft/recognizers-text-date-time');
    type NU = typeof import('@microsoft/recognizers-text-number-with-unit');
    type N = typeof import('@microsoft/recognizers-text-number');
    const pairs: Array<[string, Model, Model]> = [];
    for (const culture of ['en-us', 'es-es', 'de-de']) {
      const a = require('@microsoft/recognizers-text-date-time') as DT;
      const b = loadRecognizerPackage<DT>('@microsoft/recognizers-text-date-time');
      pairs.push([
        `date ${culture}`,
        new a.DateTimeRecognizer(culture).getDateTimeModel(),
        new b.DateTimeRecognizer(culture).getDateTimeModel(),
      ]);
    }
    const u = require('@microsoft/recognizers-text-number-with-unit') as NU;
    const v = loadRecognizerPackage<NU>('@microsoft/recognizers-text-number-with-unit');
    pairs.push([
      'currency',
      new u.NumberWithUnitRecognizer('en-us').getCurrencyModel(),
      new v.NumberWithUnitRecognizer('en-us').getCurrencyModel(),
    ]);
    pairs.push([
      'dimension',
      new u.NumberWithUnitRecognizer('en-us').getDimensionModel(),
      new v.NumberWithUnitRecognizer('en-us').getDimensionModel(),
    ]);
    const n = require('@microsoft/recognizers-text-number') as N;
    const m = loadRecognizerPackage<N>('@microsoft/recognizers-text-number');
    pairs.push([
      'number',
      new n.NumberRecognizer('en-us').getNumberModel(),
      new m.NumberRecognizer('en-us').getNumberModel(),
    ]);
    pairs.push([
      'ordinal',
      new n.NumberRecognizer('en-us').getOrdinalModel(),
      new m.NumberRecognizer('en-us').getOrdinalModel(),
    ]);
    for (const [name, original, patched] of pairs) {
      // Date extractors keep results per text and reference time: the next day's differ.
      for (const at of [reference, new Date(reference.getTime() + 86_400_000)]) {
        for (const text of TEXTS) {
          const expected = original.parse(text, at);
          // The second call reads the caches: the results must not have been changed in them.
          expect(patched.parse(text, at), `${name}: ${text}`).toEqual(expected);
          expect(patched.parse(text, at), `${name}, again: ${text}`).toEqual(expected);
        }
      }
    }
  });
});
