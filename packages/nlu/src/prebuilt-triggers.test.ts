import { describe, expect, it } from 'vitest';
import { findPrebuilts, RECOGNISED_PREBUILTS } from './entities/prebuilt';
import { recognizerInputs } from './entities/prebuilt-triggers';

describe('prebuilt recognizers run only where their entity may be', () => {
  it('gives no recognizer text without a cue of its entity', () => {
    for (const entity of RECOGNISED_PREBUILTS) {
      expect(recognizerInputs(entity, 'play some jazz by the radio please', 'en'), entity).toEqual([]);
    }
    expect(recognizerInputs('Percentage', 'give me 3 apples', 'en')).toEqual([]);
    expect(recognizerInputs('Date', 'spiel etwas Musik', 'de')).toEqual([]);
  });

  it('gives the words around each cue, merged when they touch', () => {
    const text = 'please book a table for four people at an italian place next friday at 8pm';
    const inputs = recognizerInputs('Date', text, 'en').map(([from, to]) => text.slice(from, to));
    expect(inputs).toEqual(['italian place next friday at 8pm']);
    expect(recognizerInputs('Number', 'a table for four', 'en')).toEqual([[0, 16]]);
  });

  // Building a culture's recognizers takes seconds on a busy machine.
  // Three languages' recognizers warm up here: seconds of CPU on a loaded machine.
  it('finds and resolves the same values as on the whole text, at the right offsets', {
    timeout: 120_000,
  }, () => {
    const reference = new Date('2026-03-02T10:00:00Z');
    const text = 'I would like to book the big room for twelve people on the 3rd of May at ten a.m please';
    const date = findPrebuilts(text, 'en', ['Date'], reference);
    expect(date).toHaveLength(1);
    expect(date[0]).toMatchObject({ entity: 'Date', text: text.slice(date[0]?.start, date[0]?.end) });
    expect(date[0]?.text).toBe('the 3rd of May at ten a.m');
    const numbers = findPrebuilts(text, 'en', ['Number', 'Ordinal']).map((e) => [e.entity, e.text]);
    expect(numbers).toEqual([
      ['Number', 'twelve'],
      ['Ordinal', '3rd'],
      ['Number', 'ten'],
    ]);
    expect(findPrebuilts('add the current track to my playlist', 'en', ['Ordinal'])[0]?.text).toBe('current');
    expect(findPrebuilts('il fait 20 degrés à Paris', 'fr', ['Temperature'])[0]?.text).toBe('20 degrés');
    expect(findPrebuilts('reserva una mesa para mañana por favor', 'es', ['Date'])[0]?.text).toBe('mañana');
  });

  it('answers a repeated text from its cache with equal, separate results', () => {
    const first = findPrebuilts('send 25 dollars', 'en', ['Currency', 'Number']);
    const second = findPrebuilts('send 25 dollars', 'en', ['Currency', 'Number']);
    expect(second).toEqual(first);
    expect(second[0]).not.toBe(first[0]);
    expect(first.map((e) => [e.entity, e.text])).toEqual([
      ['Number', '25'],
      ['Currency', '25 dollars'],
    ]);
  });
});

describe('the slow recognizers are kept for text that may hold their entity', () => {
  it('gives the date recognizer no bare number, but times, dates, years and numbers after a time word', () => {
    expect(recognizerInputs('Date', 'order 3 pizzas please', 'en')).toEqual([]);
    expect(recognizerInputs('Date', 'from winterstrasse 12 to garching', 'en')).toEqual([]);
    for (const text of [
      'call me at 5',
      'meet at 13:19',
      'on 1/20/2023',
      'back on the 5th',
      'songs of 1984',
    ]) {
      expect(recognizerInputs('Date', text, 'en'), text).not.toEqual([]);
    }
    // Other languages keep every digit as a cue.
    expect(recognizerInputs('Date', 'bestelle 3 pizzen', 'de')).not.toEqual([]);
  });

  it('gives the date recognizer no price, decimal number or phone number, but every time and numeric date shape', () => {
    for (const text of [
      'the laptop costs €1,299.99',
      'I was charged $19.99 twice',
      'it is 0.75 of the total',
      'the rating is 4.5 stars',
      'text me on 415-555-2671',
      'dial 1-800-273-8255',
      'my number is (555) 123-4567',
      'my cell is +1-202-555-0173',
    ]) {
      expect(recognizerInputs('Date', text, 'en'), text).toEqual([]);
    }
    for (const text of [
      'the flight leaves 7.45',
      'meeting 14:30',
      'open 9h30',
      'deliver it 12/03/2025',
      'due 2025-07-14',
      'check-in 5/20',
      'shirts bought 4/2',
      'shifts 9-5',
      'born 12/1990',
    ]) {
      expect(recognizerInputs('Date', text, 'en'), text).not.toEqual([]);
    }
  });

  it('runs a number-with-unit recognizer only where one of its own units is near a number', () => {
    expect(findPrebuilts('book a table for 5 people', 'en', ['Currency', 'Dimension'])).toEqual([]);
    expect(findPrebuilts('send 25 dollars to mum', 'en', ['Currency']).map((e) => e.text)).toEqual([
      '25 dollars',
    ]);
    expect(findPrebuilts('it costs €12 or so', 'en', ['Currency']).map((e) => e.text)).toEqual(['€12']);
    expect(findPrebuilts('a desk 120 cm wide', 'en', ['Dimension']).map((e) => e.text)).toEqual(['120 cm']);
    expect(findPrebuilts('my son is 4 years old', 'en', ['Age']).map((e) => e.text)).toEqual(['4 years old']);
  });
});

describe('prebuilt cue windows, kept for the last text', () => {
  it('gives every recognizer the same windows whatever was asked before, as separate arrays', () => {
    const texts = [
      'pay 20 dollars for 3 tickets next friday at 5pm',
      'the 2nd of may, 15 km away at 20 degrees',
      'hello there',
    ];
    // Each computed afresh: another text in between drops the kept windows.
    const fresh = texts.map((text) =>
      RECOGNISED_PREBUILTS.map((e) => {
        recognizerInputs('Number', 'another text', 'en');
        return recognizerInputs(e, text, 'en');
      }),
    );
    // The same questions in another order, each text asked twice in a row.
    for (const [i, text] of [...texts.entries()].reverse()) {
      for (const [j, entity] of [...RECOGNISED_PREBUILTS.entries()].reverse()) {
        const windows = recognizerInputs(entity, text, 'en');
        expect(windows, `${entity}: ${text}`).toEqual(fresh[i]?.[j]);
        windows.push([0, 0]);
        expect(recognizerInputs(entity, text, 'en')).toEqual(fresh[i]?.[j]);
      }
    }
  });
});
