import { describe, expect, test } from 'vitest';
import { applySuggestion, MAX_SUGGESTIONS, openPlaceholderAt, suggestionsFor } from './entity-suggestions';

const entities = [{ name: 'City', roles: ['from', 'to'] }, { name: 'Color', roles: [] }, { name: 'Size' }];

describe('entity suggestions while typing an example', () => {
  test.each([
    ['fly to [Ci', 10, { start: 7, query: 'Ci' }],
    ['fly to [', 8, { start: 7, query: '' }],
    ['fly to [City:fr', 15, { start: 7, query: 'City:fr' }],
    ['fly to [City] now', 17, undefined],
    ['fly to [Ci ty', 13, undefined],
    ['no bracket', 5, undefined],
    ['[a:b:c', 6, undefined],
  ])('%s at %i', (text, caret, expected) => {
    expect(openPlaceholderAt(text, caret)).toEqual(expected);
  });

  test('names first, then name:role pairs, matching the start whatever the case', () => {
    expect(suggestionsFor('c', entities)).toEqual(['City', 'Color', 'City:from', 'City:to']);
    expect(suggestionsFor('city:t', entities)).toEqual(['City:to']);
    expect(suggestionsFor('x', entities)).toEqual([]);
  });

  test('at most twelve suggestions', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `E${i}` }));
    expect(suggestionsFor('e', many)).toHaveLength(MAX_SUGGESTIONS);
  });

  test('a suggestion completes the placeholder, reusing a closing bracket, and moves the caret after it', () => {
    const open = { start: 7, query: 'Ci' };
    expect(applySuggestion('fly to [Ci now', open, 10, 'City')).toEqual({
      text: 'fly to [City] now',
      caret: 13,
    });
    expect(applySuggestion('fly to [Ci]', open, 10, 'City:to')).toEqual({
      text: 'fly to [City:to]',
      caret: 16,
    });
  });
});
