import { describe, expect, test } from 'vitest';
import { regexProblem } from './safe-regex';

describe('why a regex is refused', () => {
  test.each([
    ['a(?=b)', /^lookahead/],
    ['a(?!b)', /^lookahead/],
    ['(?<=a)b', /^lookbehind/],
    ['(?<!a)b', /^lookbehind/],
    ['(a)\\1', /^back-references/],
    ['(?<n>a)\\k<n>', /^back-references/],
    ['(?>a)', /^atomic groups/],
    ['a++', /^atomic groups/],
    ['a{2000}', /^repetition counts above 1000/],
    ['(', /missing closing \)/],
  ])('%s', (pattern, reason) => {
    expect(regexProblem(pattern)).toMatch(reason);
  });

  test('a pattern RE2 runs has no problem', () => {
    expect(regexProblem('^[A-Z]{2}\\d{4}$')).toBeUndefined();
  });
});
