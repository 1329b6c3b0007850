import { describe, expect, it } from 'vitest';
import { type DecisionSubject, decisionOperation } from './decision-operations';
import { similarityPercent } from './decision-subject';

const variables: Record<string, unknown> = { Limit: '10', Favourite: 'Pizza' };
const subject = (value: unknown, extra: Partial<DecisionSubject> = {}): DecisionSubject => ({
  value,
  variable: (name) => variables[name],
  user: 'new',
  entityValue: (entity, text) =>
    entity === 'city' && ['paris', 'paname'].includes(text.toLowerCase())
      ? { canonical: 'Paris' }
      : undefined,
  matchesRegex: (pattern, flags, text) => new RegExp(pattern, flags).test(text),
  ...extra,
});
const takes = (operation: number, data: Record<string, unknown>, on: DecisionSubject) =>
  decisionOperation(operation)?.evaluate(data, on);

describe('decision operations evaluate a connector against the conversation', () => {
  it('1 Equals: a raw text, another variable or an option, ignoring case unless case-sensitive', () => {
    expect(takes(1, { equalsCmpType: 'raw', equalsValueRaw: 'yes' }, subject(' YES '))).toBe(true);
    expect(
      takes(1, { equalsCmpType: 'raw', equalsValueRaw: 'yes' }, subject('YES', { caseSensitive: true })),
    ).toBe(false);
    expect(takes(1, { equalsCmpType: 'var', equalsValueVar: 'Favourite' }, subject('pizza'))).toBe(true);
    expect(takes(1, { equalsCmpType: 'opt', equalsValueOpt: 'Pasta' }, subject('Pizza'))).toBe(false);
    expect(takes(1, { equalsCmpType: 'raw', equalsValueRaw: 'x' }, subject(undefined))).toBe(false);
  });

  it('2 Exists: a value or a non-empty list, or the opposite', () => {
    expect(takes(2, { checkExistance: 'yes' }, subject('a'))).toBe(true);
    expect(takes(2, { checkExistance: 'yes' }, subject([]))).toBe(false);
    expect(takes(2, { checkExistance: 'no' }, subject(' '))).toBe(true);
  });

  it('3 Math: smaller, bigger, in range, with numbers or [variables]', () => {
    expect(takes(3, { mathOperation: 1, mathNumber1: '[Limit]' }, subject('9'))).toBe(true);
    expect(takes(3, { mathOperation: 2, mathNumber1: 3 }, subject(3))).toBe(false);
    expect(takes(3, { mathOperation: 3, mathNumber1: 10, mathNumber2: 1 }, subject('2,5'))).toBe(true);
    expect(takes(3, { mathOperation: 2, mathNumber1: 3 }, subject('many'))).toBe(false);
  });

  it('4 In Set and 5 Contains', () => {
    const set = {
      'equals-set': [
        { type: 'raw', value: 'Tea' },
        { type: 'var', value: 'Favourite' },
      ],
    };
    expect(takes(4, set, subject('pizza'))).toBe(true);
    expect(takes(4, set, subject('coffee'))).toBe(false);
    expect(takes(5, { contains: 'order' }, subject('Where is my ORDER?'))).toBe(true);
    expect(takes(5, { contains: '' }, subject('anything'))).toBe(false);
  });

  it('6 Is of type: number or text', () => {
    expect(takes(6, { isOfType: 'number' }, subject('42'))).toBe(true);
    expect(takes(6, { isOfType: 'text' }, subject('42'))).toBe(false);
    expect(takes(6, { isOfType: 'text' }, subject('forty-two'))).toBe(true);
    expect(takes(6, { isOfType: 'text' }, subject(''))).toBe(false);
  });

  it('7 Is an entity and 8 Is canonical ask the bot for the entity value', () => {
    expect(takes(7, { whichEntity: 'city' }, subject('Paname'))).toBe(true);
    expect(
      takes(
        7,
        { whichEntity: 'city', exampleOrCanonical: 'canonical', canonicalUtt: 'Lyon' },
        subject('Paris'),
      ),
    ).toBe(false);
    expect(takes(8, { isCanonicalEntity: 'city', isCanonical: 'paris' }, subject('Paname'))).toBe(true);
    expect(takes(8, { isCanonicalEntity: 'city', isCanonical: 'Paris' }, subject('Berlin'))).toBe(false);
  });

  it('9 Is similar: edit-distance similarity against each entry, 70 by default', () => {
    expect(similarityPercent('adress', 'address')).toBe(86);
    expect(takes(9, { similarsSet: [{ type: 'raw', value: 'address' }] }, subject('adress'))).toBe(true);
    expect(
      takes(9, { similarsSet: [{ type: 'raw', value: 'address', similarity: 90 }] }, subject('adress')),
    ).toBe(false);
    expect(takes(9, { similarsSet: [{ type: 'var', value: 'Favourite' }] }, subject('piza'))).toBe(true);
  });

  it('10 Which channel and 11 Check user read the conversation, not a variable', () => {
    const onSlack = subject(undefined, { channel: { id: 'slack', name: 'Slack' } });
    expect(takes(10, { channelId: 'slack', channelName: 'Slack' }, onSlack)).toBe(true);
    expect(takes(10, { channelId: 'teams' }, onSlack)).toBe(false);
    expect(takes(10, { channelId: 'slack' }, subject(undefined))).toBe(false);
    expect(takes(11, { exists: true }, subject(undefined, { user: 'known' }))).toBe(true);
    expect(takes(11, { exists: false }, subject(undefined, { user: 'known' }))).toBe(false);
    expect(takes(11, { exists: null }, subject(undefined, { user: 'absent' }))).toBe(true);
  });

  it("12 RegEx goes through the caller's matcher", () => {
    const seen: string[] = [];
    const matcher = subject('AB-123', {
      matchesRegex: (pattern, flags, text) => {
        seen.push(`${pattern}/${flags}:${text}`);
        return /^[A-Z]{2}-\d+$/.test(text);
      },
    });
    expect(takes(12, { regex: '^[A-Z]{2}-\\d+$', flags: 'i' }, matcher)).toBe(true);
    expect(seen).toEqual(['^[A-Z]{2}-\\d+$/i:AB-123']);
    expect(takes(12, { regex: '' }, matcher)).toBe(false);
  });
});
