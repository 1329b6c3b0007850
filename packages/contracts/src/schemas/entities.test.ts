import { describe, expect, test } from 'vitest';
import { createEntityBodySchema } from './entities';
import {
  ENTITY_TYPE_DEFINITIONS,
  entityContentProblem,
  entitySupportedBy,
  ENTITY_MESSAGES as M,
  normaliseEntityContent,
  splitSynonyms,
} from './entity-model';
import { PREBUILT_ENTITIES } from './prebuilt-entities';

function firstProblem(body: unknown): [string, string] | undefined {
  const result = createEntityBodySchema.safeParse(body);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : undefined;
}

const closedList = {
  name: 'Color',
  type: 'closedlists',
  sublists: [{ canonicalForm: 'red', list: ['crimson'] }],
};
const simple = { name: 'Product', type: 'entities', examples: ['laptop'] };
const regex = { name: 'ZipCode', type: 'regexentities', regexes: ['\\d{5}'], examples: ['12345'] };

describe('the create-entity payload', () => {
  test.each([
    ['a closed list', closedList],
    ['a simple entity', simple],
    ['a regex entity', regex],
    ['roles as names', { ...simple, roles: ['buyer', { name: 'seller' }] }],
  ])('accepts %s', (_case, body) => {
    expect(firstProblem(body)).toBeUndefined();
  });

  test.each([
    ['a name with a space', { ...simple, name: 'My product' }, ['name', M.invalidName]],
    ['a name with a dash', { ...simple, name: 'my-product' }, ['name', M.invalidName]],
    ['a prebuilt type', { ...simple, type: 'prebuilts' }, ['type', M.invalidType]],
    ['no type', { name: 'Product' }, ['type', M.invalidType]],
    ['a simple entity without examples', { ...simple, examples: [] }, ['examples', M.atLeastOneValidExample]],
    [
      'a simple entity with blank examples',
      { ...simple, examples: [' ', ''] },
      ['examples', M.atLeastOneValidExample],
    ],
    [
      'six simple examples',
      { ...simple, examples: ['a', 'b', 'c', 'd', 'e', 'f'] },
      ['examples', M.simpleExamplesLimit],
    ],
    ['a closed list without sublists', { ...closedList, sublists: [] }, ['sublists', M.atLeastOneSublist]],
    [
      'a sublist with synonyms but no canonical form',
      { ...closedList, sublists: [{ canonicalForm: ' ', list: ['x'] }] },
      ['sublists', M.canonicalFormEmpty],
    ],
    [
      'two canonical forms alike',
      {
        ...closedList,
        sublists: [
          { canonicalForm: 'Red', list: [] },
          { canonicalForm: 'red', list: [] },
        ],
      },
      ['sublists', M.canonicalFormExists('red')],
    ],
    ['a regex entity without regexes', { ...regex, regexes: [] }, ['regexes', M.atLeastOneRegex]],
    ['a regex entity without examples', { ...regex, examples: [] }, ['examples', M.atLeastOneExample]],
    ['an empty role', { ...simple, roles: [' '] }, ['roles', M.roleEmpty]],
    ['a role with a space', { ...simple, roles: ['the buyer'] }, ['roles', M.invalidRoleName]],
    ['a role twice', { ...simple, roles: ['buyer', 'Buyer'] }, ['roles', M.rolesNotUnique]],
  ])('refuses %s', (_case, body, problem) => {
    expect(firstProblem(body)).toEqual(problem);
  });

  test('empty new rows are left out and values kept once', () => {
    const body = createEntityBodySchema.parse({
      ...closedList,
      sublists: [
        { canonicalForm: ' red ', list: ['crimson', ' Crimson', '', 'scarlet'] },
        { canonicalForm: '', list: [] },
      ],
    });
    expect(body.content.sublists).toEqual([{ canonicalForm: 'red', list: ['crimson', 'scarlet'] }]);
  });
});

describe('content rules with a regex checker', () => {
  const checker = {
    compiles: (p: string) => p !== '(',
    matchesAny: (patterns: readonly string[], text: string) => patterns.some((p) => new RegExp(p).test(text)),
  };
  const content = (regexes: string[], examples: string[]) =>
    normaliseEntityContent('regexentities', { regexes, examples });

  test.each([
    ['a regex that does not compile', content(['('], ['x']), 'create', M.invalidRegex],
    [
      'an example no regex matches (create)',
      content(['^\\d+$'], ['12', 'ab']),
      'create',
      M.allExamplesMustMatch,
    ],
    ['an example no regex matches (editor)', content(['^\\d+$'], ['ab']), 'update', M.exampleMustMatch],
  ] as const)('%s', (_case, value, mode, message) => {
    expect(entityContentProblem('regexentities', value, mode, checker)?.message).toBe(message);
  });

  test('editing a regex entity may leave it without examples', () => {
    expect(entityContentProblem('regexentities', content(['a'], []), 'update', checker)).toBeUndefined();
  });
});

describe('declarations', () => {
  test('the thirteen prebuilt entities, each with examples and engines', () => {
    expect(PREBUILT_ENTITIES.map((p) => p.name)).toEqual([
      'Age',
      'Date',
      'Dimension',
      'Email',
      'Location',
      'Currency',
      'Number',
      'Ordinal',
      'Percentage',
      'PersonalName',
      'PhoneNumber',
      'Temperature',
      'Url',
    ]);
    for (const p of PREBUILT_ENTITIES) {
      expect(p.examples.length).toBeGreaterThan(0);
      expect(p.supportedBy.length).toBeGreaterThan(0);
    }
  });

  test('the Supported by strip reads the declarations', () => {
    expect(entitySupportedBy({ type: 'prebuilts', name: 'Location' })).not.toContain('parley');
    expect(entitySupportedBy({ type: 'closedlists', name: 'x' })).toEqual(
      ENTITY_TYPE_DEFINITIONS.closedlists.supportedBy,
    );
  });

  test('synonyms split on comma plus space', () => {
    expect(splitSynonyms('crimson, scarlet,ruby , ')).toEqual(['crimson', 'scarlet,ruby']);
  });
});
