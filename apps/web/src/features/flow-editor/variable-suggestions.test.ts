import { describe, expect, it } from 'vitest';
import { insertVariable, MAX_SUGGESTIONS, matchingVariables, openReference } from './variable-suggestions';

describe('variable autocomplete', () => {
  it.each([
    ['Hi [Ans', 7, { start: 3, query: 'Ans' }],
    ['Hi [', 4, { start: 3, query: '' }],
    ['[a] and [b', 10, { start: 8, query: 'b' }],
    ['Hi [Ans] there', 14, null],
    ['Hi [Ans] there', 6, { start: 3, query: 'An' }],
    ['Hi [An\nswer', 11, null],
    ['no bracket', 5, null],
    [`[${'x'.repeat(101)}`, 102, null],
  ])('finds the open reference in %j at %i', (text, caret, expected) => {
    expect(openReference(text, caret)).toEqual(expected);
  });

  it('matches inside names, ignoring case; names starting with the query first', () => {
    const variables = ['OrderNumber', 'Answer', 'answer2', 'LastAnswer', 'Size', 'Answer'];
    expect(matchingVariables(variables, 'ans')).toEqual(['Answer', 'answer2', 'LastAnswer']);
    expect(matchingVariables(variables, 'NUMB')).toEqual(['OrderNumber']);
    expect(matchingVariables(variables, '')).toEqual([
      'Answer',
      'answer2',
      'LastAnswer',
      'OrderNumber',
      'Size',
    ]);
    expect(matchingVariables(variables, 'zzz')).toEqual([]);
  });

  it('shows a short list', () => {
    const many = Array.from({ length: 20 }, (_, index) => `Var${index}`);
    expect(matchingVariables(many, 'var')).toHaveLength(MAX_SUGGESTIONS);
  });

  it('puts the name in square brackets and the caret after it', () => {
    const text = 'Hello [ans, welcome';
    const reference = openReference(text, 10)!;
    expect(insertVariable(text, reference, 10, 'Answer')).toEqual({
      text: 'Hello [Answer], welcome',
      caret: 14,
    });
  });

  it('takes in a closing bracket already there', () => {
    const text = 'Hi [An]!';
    const reference = openReference(text, 6)!;
    expect(insertVariable(text, reference, 6, 'Answer')).toEqual({ text: 'Hi [Answer]!', caret: 11 });
  });
});
