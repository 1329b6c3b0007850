import { describe, expect, it } from 'vitest';
import { customDataOf, type ModdleObject, withLanguages } from './block-data';

const element = (customData: unknown): ModdleObject => ({
  $type: 'bpmn:Task',
  id: 'Task_1',
  get: (name) => (name === 'parley:customData' ? customData : undefined),
  set: () => {},
});

describe('block data per language (spec 03 section 3.2)', () => {
  it('copies the first language into the languages that miss', () => {
    const filled = withLanguages({ en: { fc: 'message', 'field-message': 'Hi' } }, ['en', 'de', 'fr']);
    expect(filled).toEqual({
      en: { fc: 'message', 'field-message': 'Hi' },
      de: { fc: 'message', 'field-message': 'Hi' },
      fr: { fc: 'message', 'field-message': 'Hi' },
    });
    // Copies, not the same object: editing German leaves English alone.
    expect(filled.de).not.toBe(filled.en);
  });

  it('keeps what a language has, and languages no longer supported', () => {
    const filled = withLanguages({ en: { m: 'Hi' }, it: { m: 'Ciao' } }, ['de', 'en']);
    expect(filled).toEqual({ en: { m: 'Hi' }, it: { m: 'Ciao' }, de: { m: 'Hi' } });
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['nothing', undefined],
  ])('reads %s as no data', (_case, raw) => {
    expect(customDataOf(element(raw))).toEqual({});
  });
});
