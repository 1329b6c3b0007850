import { describe, expect, test } from 'vitest';
import { chosenOption } from './choices';

const typed = (text: string) => ({ type: 'text' as const, text });

describe('which option an answer picks', () => {
  const options = ['Yes, cancel it', 'No, keep it', 'Not sure yet'];

  test('the whole text in any case, a click, or the number', () => {
    expect(chosenOption(options, typed('  no, KEEP it '))).toBe(1);
    expect(chosenOption(options, { type: 'click', text: 'Yes, cancel it' })).toBe(0);
    expect(chosenOption(options, typed('3'))).toBe(2);
    expect(chosenOption(options, typed('4'))).toBe(-1);
  });

  test('the first words when they fit one option only', () => {
    expect(chosenOption(options, typed('yes'))).toBe(0);
    expect(chosenOption(options, typed('Yes!'))).toBe(0);
    expect(chosenOption(options, typed('not sure'))).toBe(2);
    // 'no' starts 'No, keep it' only ('Not' is another word).
    expect(chosenOption(options, typed('no'))).toBe(1);
  });

  test('words that fit several options, or none, pick nothing', () => {
    expect(chosenOption(['Large pizza', 'Large salad'], typed('large'))).toBe(-1);
    expect(chosenOption(options, typed('cancel'))).toBe(-1);
    expect(chosenOption(options, typed(''))).toBe(-1);
  });
});
