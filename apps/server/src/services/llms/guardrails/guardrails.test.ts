import { describe, expect, test } from 'vitest';
import { guardrailConditionProblem } from './guardrail-checks';
import type { GuardrailJudge } from './guardrail-judge';
import { readJudgeAnswer } from './guardrail-judge';
import { createGuardrails } from './guardrails';
import { ibanValid, luhnValid } from './personal-data';

const context = { sourceNames: ['handbook.txt', 'prices.pdf'] };
const guard = (conditions: string[], judge?: GuardrailJudge) =>
  createGuardrails({ outputCheckConditions: conditions, guardrailsMessage: 'Sorry, not that.' }, judge);
const failureOf = async (conditions: string[], text: string, judge?: GuardrailJudge) => {
  const g = guard(conditions, judge);
  const sentence = await g.checkSentence({ sentence: text, soFar: text }, context);
  return (sentence.failure ?? g.checkWholeAnswer(text, context).failure)?.condition;
};

describe('local guardrail checks', () => {
  test('regex conditions fail on a match, or on no match', async () => {
    expect(await failureOf(['must not match: \\d+ ?(?:EUR|€)'], 'It costs 30 EUR.')).toBe(
      'must not match: \\d+ ?(?:EUR|€)',
    );
    expect(await failureOf(['must not match: \\d+ ?(?:EUR|€)'], 'It is free.')).toBeUndefined();
    expect(await failureOf(['Must match: ^Dear'], 'Hello there')).toBe('Must match: ^Dear');
    expect(await failureOf(['must match: ^Dear'], 'Dear customer')).toBeUndefined();
  });

  test('a regex that could backtrack for ever runs in linear time', async () => {
    const started = performance.now();
    expect(await failureOf(['must not match: (a+)+$'], `${'a'.repeat(5000)}!`)).toBeUndefined();
    expect(await failureOf(['must not match: (a+)+$'], 'a'.repeat(5000))).toBe('must not match: (a+)+$');
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('keywords are whole words in any case', async () => {
    expect(await failureOf(['must not contain: refund, "money back"'], 'You get a Refund.')).toBeDefined();
    expect(await failureOf(['must not contain: refund, "money back"'], 'Your MONEY BACK now')).toBeDefined();
    expect(await failureOf(['must not contain: refund'], 'It was refunded.')).toBeUndefined();
    expect(await failureOf(['must contain: handbook, guide'], 'See the guide.')).toBeUndefined();
    expect(await failureOf(['must contain: handbook, guide'], 'See the manual.')).toBe(
      'must contain: handbook, guide',
    );
  });

  test('personal data: e-mail, phone, IBAN with its check digits, card numbers with Luhn', async () => {
    const none = ['no personal data'];
    expect(await failureOf(none, 'Write to jane.doe@example.org today.')).toBeDefined();
    expect(await failureOf(none, 'Call +31 20 123 4567.')).toBeDefined();
    expect(await failureOf(none, 'Call 020-1234567.')).toBeDefined();
    expect(await failureOf(none, 'Pay to NL91 ABNA 0417 1643 00.')).toBeDefined();
    expect(await failureOf(none, 'Card 4111 1111 1111 1111 is on file.')).toBeDefined();
    // Numbers that only look like them: order numbers, dates, a card number failing Luhn, a bad IBAN.
    expect(await failureOf(none, 'Order 123456789 ships on 2025-05-01.')).toBeUndefined();
    expect(await failureOf(none, 'Reference 4111 1111 1111 1112.')).toBeUndefined();
    expect(await failureOf(none, 'Code NL92ABNA0417164300.')).toBeUndefined();
    expect(await failureOf(['no personal data: email'], 'Call +31 20 123 4567.')).toBeUndefined();
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
  });

  test('valid JSON and a cited source are checked on the whole answer', async () => {
    expect(await failureOf(['valid json'], '{"a": 1')).toBe('valid json');
    expect(await failureOf(['valid json'], '```json\n{"a": 1}\n```')).toBeUndefined();
    expect(await failureOf(['must cite a source'], 'Opening hours are 9 to 5.')).toBe('must cite a source');
    expect(await failureOf(['must cite a source'], 'Opening hours are 9 to 5 [1].')).toBeUndefined();
    expect(await failureOf(['must cite a source'], 'See the Handbook: 9 to 5.')).toBeUndefined();
    expect(await failureOf(['must cite a source'], 'Opening hours are 9 to 5 [7].')).toBeDefined();
    expect(guard(['must cite a source']).needsWholeAnswer).toBe(true);
  });

  test("'input:' conditions check the user's message, not the answer", async () => {
    const g = guard(['input: must not contain: password']);
    expect((await g.checkInput('What is my password?')).failure?.condition).toBe(
      'input: must not contain: password',
    );
    expect(
      (await g.checkSentence({ sentence: 'Your password', soFar: 'Your password' }, context)).failure,
    ).toBeUndefined();
  });

  test('conditions a save refuses, with why', () => {
    expect(guardrailConditionProblem('must not match: (?<=a)b')).toMatch(
      /^Invalid regex: \(\?<=a\)b \(lookbehind/,
    );
    expect(guardrailConditionProblem('must not contain:  , ')).toBe(
      "'must not contain:' needs at least one word after it.",
    );
    expect(guardrailConditionProblem('no personal data: shoe size')).toMatch(
      /Unknown personal data 'shoe size'/,
    );
    expect(guardrailConditionProblem('Never talk about the competition')).toBeUndefined();
    expect(guardrailConditionProblem('valid json')).toBeUndefined();
  });

  test('an empty guardrails message gives the default', () => {
    expect(createGuardrails({ outputCheckConditions: [], guardrailsMessage: ' ' }).message).toBe(
      "Sorry, I can't help with that.",
    );
  });
});

describe('conditions in plain language', () => {
  test('are judged together after the local checks passed, and name the broken one', async () => {
    const asked: string[][] = [];
    const judge: GuardrailJudge = async (_text, conditions) => {
      asked.push([...conditions]);
      return { broken: [2] };
    };
    const conditions = ['must not contain: refund', 'Be polite', 'Never mention competitors'];
    expect(await failureOf(conditions, 'Try Acme instead.', judge)).toBe('Never mention competitors');
    expect(asked).toEqual([['Be polite', 'Never mention competitors']]);
    expect(await failureOf(conditions, 'A refund.', judge)).toBe('must not contain: refund');
    expect(asked).toHaveLength(1);
  });

  test('pass with no judge (retrieval-only answers are the documents themselves)', async () => {
    expect(await failureOf(['Never mention competitors'], 'Try Acme instead.')).toBeUndefined();
  });

  test('an unreadable judgement does not let the text through', async () => {
    const judge: GuardrailJudge = async () => ({ unreadable: 'not JSON' });
    expect(await failureOf(['Be polite'], 'Hello.', judge)).toBe('Be polite');
    expect(readJudgeAnswer('```json\n{"broken": [1, 9, "x"]}\n```', 2)).toEqual({ broken: [1] });
    expect(readJudgeAnswer('yes', 2)).toEqual({ unreadable: 'not JSON' });
  });
});
