import { describe, expect, test } from 'vitest';
import {
  entitiesUsedIn,
  isPatternExample,
  normalisePlaceholders,
  renameEntityInPattern,
  usesEntity,
} from './example-placeholders';

const entities = [{ name: 'Color', roles: [{ name: 'from' }, 'to'] }, { name: 'Number' }];

describe('the pattern rule', () => {
  test.each([
    ['an entity', 'I want a [Color] shirt', true],
    ['an entity in other case', 'I want a [color] shirt', true],
    ['an entity with a known role', 'from [Color:from] to [Color:to]', true],
    ['a prebuilt-like entity given by the caller', 'give me [Number] apples', true],
    ['plain text', 'I want a shirt', false],
    ['an unknown entity', 'I want a [Size] shirt', false],
    ['an unknown role', 'I want a [Color:size] shirt', false],
    ['a role of an entity without roles', '[Number:count]', false],
    ['brackets with spaces', 'I want [Color ] or [ Color]', false],
    ['an empty placeholder', 'I want [] or [:]', false],
    ['one known among unknown', '[Size] in [Color]', true],
  ])('an example with %s: %s', (_case, text, expected) => {
    expect(isPatternExample(text, entities)).toBe(expected);
  });

  test('placeholders are spelled like their entity, unknown ones stay', () => {
    expect(normalisePlaceholders('[color:FROM] and [size] and [number]', entities)).toBe(
      '[Color:FROM] and [size] and [Number]',
    );
  });

  test('entities used are listed once, in order', () => {
    expect(entitiesUsedIn(['[Color] [Number]', '[color:from]'])).toEqual(['Color', 'Number']);
  });

  test('a rename reaches every placeholder of the entity, with and without role', () => {
    expect(renameEntityInPattern('[Color] to [color:to] and [Colors]', 'Color', 'Shade')).toBe(
      '[Shade] to [Shade:to] and [Colors]',
    );
  });

  test('uses of an entity and of one of its roles', () => {
    expect(usesEntity('[Color:to]', 'color')).toBe(true);
    expect(usesEntity('[Color:to]', 'color', 'TO')).toBe(true);
    expect(usesEntity('[Color]', 'color', 'to')).toBe(false);
    expect(usesEntity('[Colors]', 'color')).toBe(false);
  });
});
