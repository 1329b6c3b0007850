import { describe, expect, test } from 'vitest';
import { VARIABLE_MESSAGES as M, VARIABLE_LIMITS } from './variable-model';
import { putObjectBodySchema, putVariablesBodySchema } from './variables';

function firstProblem(schema: typeof putVariablesBodySchema | typeof putObjectBodySchema, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : undefined;
}

const variable = { key: 'city', value: 'Berlin' };
const withVariable = (patch: Record<string, unknown>) => ({ variables: [{ ...variable, ...patch }] });

describe('the PUT variables payload', () => {
  test.each([
    ['one variable', { variables: [variable] }],
    ['a global one', withVariable({ isGlobal: true })],
    ['several', { variables: [variable, { key: 'country', value: 'DE', isGlobal: false }] }],
    ['any characters in a name', withVariable({ key: 'ünïcödé name.with/odd {chars}' })],
    ['a value over several lines', withVariable({ value: 'line 1\nline 2\ttabbed' })],
    ['the longest name', withVariable({ key: 'n'.repeat(VARIABLE_LIMITS.name) })],
  ])('accepts %s', (_case, body) => {
    expect(firstProblem(putVariablesBodySchema, body)).toBeUndefined();
  });

  test('trims names, keeps values as typed', () => {
    const body = putVariablesBodySchema.parse(withVariable({ key: '  city ', value: ' Berlin ' }));
    expect(body.variables).toEqual([{ key: 'city', value: ' Berlin ' }]);
  });

  test.each([
    ['no list', {}, ['variables', M.variablesList]],
    ['a map instead of a list', { variables: { city: 'Berlin' } }, ['variables', M.variablesList]],
    ['an empty list', { variables: [] }, ['variables', M.atLeastOneVariable]],
    ['an empty name', withVariable({ key: '' }), ['variables.0.key', M.nameRequired]],
    ['a blank name', withVariable({ key: '   ' }), ['variables.0.key', M.nameRequired]],
    ['a numeric name', withVariable({ key: 42 }), ['variables.0.key', M.nameRequired]],
    ['a blank value', withVariable({ value: ' \n ' }), ['variables.0.value', M.valueRequired]],
    ['no value', { variables: [{ key: 'city' }] }, ['variables.0.value', M.valueRequired]],
    ['a boolean value', withVariable({ value: true }), ['variables.0.value', M.valueRequired]],
    [
      'a name too long',
      withVariable({ key: 'n'.repeat(VARIABLE_LIMITS.name + 1) }),
      ['variables.0.key', M.tooLong('name', VARIABLE_LIMITS.name)],
    ],
    [
      'a value too long',
      withVariable({ value: 'v'.repeat(VARIABLE_LIMITS.value + 1) }),
      ['variables.0.value', M.tooLong('value', VARIABLE_LIMITS.value)],
    ],
    ['a NUL in a name', withVariable({ key: 'a\u0000b' }), ['variables.0.key', M.controlCharacters('name')]],
    [
      'a NUL in a value',
      withVariable({ value: 'a\u0000b' }),
      ['variables.0.value', M.controlCharacters('value')],
    ],
    ['isGlobal as text', withVariable({ isGlobal: 'true' }), ['variables.0.isGlobal', M.isGlobalFlag]],
    [
      'the same name twice ignoring case',
      { variables: [variable, { key: 'CITY ', value: 'Paris' }] },
      ['variables.1.key', M.nameTaken('CITY')],
    ],
    [
      'too many at once',
      {
        variables: Array.from({ length: VARIABLE_LIMITS.variablesPerRequest + 1 }, (_, i) => ({
          key: `v${i}`,
          value: 'x',
        })),
      },
      ['variables', M.tooMany('variables', VARIABLE_LIMITS.variablesPerRequest)],
    ],
  ])('refuses %s', (_case, body, expected) => {
    expect(firstProblem(putVariablesBodySchema, body)).toEqual(expected);
  });
});

const object = (variables: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'customer',
  properties: { variables },
  ...extra,
});

describe('the PUT objects payload', () => {
  test.each([
    ['one property', object({ id: { key: 'id', value: '7' } })],
    ['an empty value', object({ id: { key: 'id', value: '' } })],
    ['a key taken from the map', object({ id: { value: '7' } })],
    [
      'a property as answered (botId and isGlobal)',
      object({ id: { key: 'id', value: '7', botId: 'b', isGlobal: false, isSystem: true } }),
    ],
    ['a global object', object({ id: { value: '7' } }, { isGlobal: true })],
  ])('accepts %s', (_case, body) => {
    expect(firstProblem(putObjectBodySchema, body)).toBeUndefined();
  });

  test('reads the map in order, trims keys, keeps __proto__ as a key', () => {
    const body = putObjectBodySchema.parse(
      JSON.parse(
        '{"name":" customer ","properties":{"variables":{"__proto__":{"value":"p"},"b":{"key":" name ","value":"Ada","isSystem":true}}}}',
      ),
    );
    expect(body).toEqual({
      name: 'customer',
      properties: [
        { key: '__proto__', value: 'p', isSystem: false },
        { key: 'name', value: 'Ada', isSystem: true },
      ],
    });
  });

  test.each([
    ['no name', { properties: { variables: { a: { value: '1' } } } }, ['name', M.nameRequired]],
    ['a blank name', object({ a: { value: '1' } }, { name: ' ' }), ['name', M.nameRequired]],
    ['no properties', { name: 'customer' }, ['properties', M.propertiesMap]],
    [
      'properties as a list',
      { name: 'customer', properties: [{ key: 'a', value: '1' }] },
      ['properties', M.propertiesMap],
    ],
    ['a list of variables', object([{ key: 'a', value: '1' }]), ['properties.variables', M.propertiesMap]],
    ['no property at all', object({}), ['properties.variables', M.atLeastOneProperty]],
    ['a blank key', object({ a: { key: ' ', value: '1' } }), ['properties.variables.0.key', M.keyRequired]],
    [
      'a numeric value',
      object({ a: { value: 1 } }),
      ['properties.variables.0.value', 'The property value must be text.'],
    ],
    [
      'duplicate keys ignoring case',
      object({ a: { key: 'id', value: '1' }, b: { key: 'ID', value: '2' } }),
      ['properties.variables.1.key', M.duplicateKeys],
    ],
    [
      'a key too long',
      object({ a: { key: 'k'.repeat(VARIABLE_LIMITS.key + 1), value: '1' } }),
      ['properties.variables.0.key', M.tooLong('key', VARIABLE_LIMITS.key)],
    ],
    [
      'isSystem as text',
      object({ a: { value: '1', isSystem: 'yes' } }),
      ['properties.variables.0.isSystem', M.isSystemFlag],
    ],
    [
      'too many properties',
      object(
        Object.fromEntries(
          Array.from({ length: VARIABLE_LIMITS.properties + 1 }, (_, i) => [`k${i}`, { value: '' }]),
        ),
      ),
      ['properties.variables', M.tooMany('properties', VARIABLE_LIMITS.properties)],
    ],
  ])('refuses %s', (_case, body, expected) => {
    expect(firstProblem(putObjectBodySchema, body)).toEqual(expected);
  });
});
