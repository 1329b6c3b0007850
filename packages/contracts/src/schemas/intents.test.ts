import { describe, expect, test } from 'vitest';
import { INTENT_MESSAGES as M } from './intent-model';
import {
  changeIntentNameBodySchema,
  createIntentBodySchema,
  intentFileSchema,
  isPatternBodySchema,
  patchIntentBodySchema,
} from './intents';

const valid = { name: 'Greeting', utterances: ['hello', 'good morning'] };

function firstProblem(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  body: unknown,
) {
  const result = schema.safeParse(body) as {
    success: boolean;
    error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
  };
  if (result.success) return undefined;
  const issue = result.error?.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : undefined;
}

describe('the create-intent payload', () => {
  test.each([
    ['letters and digits', 'Order2Go'],
    ['underscores', 'opening_hours'],
    ['two characters', 'ok'],
    ['fifty characters', 'i'.repeat(50)],
    ['spaces around (trimmed)', '  Greeting '],
  ])('accepts a name of %s', (_case, name) => {
    expect(firstProblem(createIntentBodySchema, { ...valid, name })).toBeUndefined();
  });

  test.each([
    ['one character', 'a'],
    ['51 characters', 'i'.repeat(51)],
    ['a space inside', 'Opening hours'],
    ['a dash', 'opening-hours'],
    ['a dot', 'a.b'],
    ['an umlaut', 'Grüße'],
    ['a NUL character', 'ab\u0000'],
    ['a number', 42],
    ['missing', undefined],
  ])('refuses a name with %s', (_case, name) => {
    expect(firstProblem(createIntentBodySchema, { ...valid, name })).toEqual(['name', M.invalidName]);
  });

  test.each([
    ['no examples', { name: 'Greeting' }, ['utterances', M.atLeastOneUtterance]],
    ['one example', { name: 'Greeting', utterances: ['hello'] }, ['utterances', M.notEnoughExamples]],
    [
      'examples identical but for case',
      { name: 'Greeting', utterances: ['Hello', 'hi'], patterns: ['hello'] },
      ['utterances', M.identicalExamples('Hello', 'hello')],
    ],
    [
      'a one-character example',
      { name: 'Greeting', utterances: ['hello', 'k'] },
      ['utterances.1', M.utteranceTooShort],
    ],
    [
      'a blank example',
      { name: 'Greeting', utterances: ['hello', '   '] },
      ['utterances.1', M.utteranceTooShort],
    ],
    ['an FAQ intent without answer', { ...valid, type: 'faq' }, ['answer', M.faqAnswerRequired]],
    [
      'an FAQ intent with a blank answer',
      { ...valid, type: 'faq', answer: '  ' },
      ['answer', M.faqAnswerRequired],
    ],
    ['an unknown type', { ...valid, type: 'redirect' }, ['type', "type must be 'normal' or 'faq'."]],
  ])('refuses %s', (_case, body, problem) => {
    expect(firstProblem(createIntentBodySchema, body)).toEqual(problem);
  });

  test('a redirect intent needs no examples', () => {
    expect(createIntentBodySchema.parse({ name: 'Handover', isRedirect: true }).utterances).toEqual([]);
  });

  test('examples may come as texts or as { text }, trimmed', () => {
    const body = createIntentBodySchema.parse({
      name: 'Greeting',
      utterances: [' hello ', { text: 'hi there' }],
    });
    expect(body.utterances).toEqual(['hello', 'hi there']);
    expect(body.template).toBeNull();
  });
});

describe('the other intent payloads', () => {
  test.each([
    [{ answer: '' }, ['answer', M.faqAnswerEmpty]],
    [{ answer: '   ' }, ['answer', M.faqAnswerEmpty]],
    [{}, ['answer', M.faqAnswerEmpty]],
    [{ type: 'faq' }, ['type', M.onlyFaqToNormal]],
  ])('PATCH refuses %j', (body, problem) => {
    expect(firstProblem(patchIntentBodySchema, body)).toEqual(problem);
  });

  test('change-name checks the new name', () => {
    expect(firstProblem(changeIntentNameBodySchema, { name: 'Greeting', newName: 'a b' })).toEqual([
      'newName',
      M.invalidName,
    ]);
  });

  test('is-pattern takes entities as names or objects', () => {
    expect(
      isPatternBodySchema.parse({ example: 'x', entities: ['A', { name: 'B', roles: ['r'] }] }).entities,
    ).toEqual([{ name: 'A' }, { name: 'B', roles: ['r'] }]);
  });

  test.each([
    [{ format: 'something', version: 1, intent: { name: 'a' } }, M.notAnIntentFile],
    [{ format: 'parley-intent', version: 3, intent: { name: 'a' } }, M.newerFileFormat],
    [{ format: 'parley-intent', version: 1 }, M.notAnIntentFile],
  ])('an intent file %j is refused', (file, message) => {
    expect(firstProblem(intentFileSchema, file)?.[1]).toBe(message);
  });
});
