import { describe, expect, test } from 'vitest';
import { assertJsonShape, JsonShapeError, parseJsonWithin } from './json-shape';

const limits = { maxDepth: 4, maxValues: 20 };
const problemOf = (text: string) => {
  try {
    assertJsonShape(text, limits);
    return 'fine';
  } catch (error) {
    return error instanceof JsonShapeError ? error.problem : 'other';
  }
};

describe('the JSON shape check', () => {
  test.each([
    ['{"a":[1,2,{"b":"c"}]}', 'fine'],
    ['[[[[1]]]]', 'fine'],
    ['[[[[[1]]]]]', 'too-deep'],
    ['{"a":{"b":{"c":{"d":{}}}}}', 'too-deep'],
    // Brackets inside strings, escaped quotes included, are text, not nesting.
    ['["[[[[[[[[", "\\"[[[[[[[[[["]', 'fine'],
    [`[${'1,'.repeat(25)}1]`, 'too-many-values'],
    [`[${'[],'.repeat(25)}[]]`, 'too-many-values'],
    ['', 'fine'],
    ['"just a string"', 'fine'],
  ])('%s: %s', (text, expected) => {
    expect(problemOf(text)).toBe(expected);
  });

  test('a deep nesting that would overflow JSON.parse is refused before parsing', () => {
    const text = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(() => parseJsonWithin(text, { maxDepth: 64, maxValues: 1_000_000 })).toThrow(JsonShapeError);
  });

  test('a valid text within the limits parses to the same value as JSON.parse', () => {
    const value = { intents: [{ name: 'a', examples: ['x [y]', 'z'] }], n: 1.5, ok: true, nothing: null };
    expect(parseJsonWithin(JSON.stringify(value), { maxDepth: 8, maxValues: 100 })).toEqual(value);
  });

  test('bad syntax still fails in JSON.parse', () => {
    expect(() => parseJsonWithin('{"a":', limits)).toThrow(SyntaxError);
  });
});
