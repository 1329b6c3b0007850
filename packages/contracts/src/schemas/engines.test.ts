import { describe, expect, test } from 'vitest';
import { botRegionLabel, botRegionOf } from './bot-regions';
import { ENGINES, initialRecognizer, languageChoices, NO_RECOGNIZER, recognizerChoices } from './engines';
import { LANGUAGE_NAMES, languageCodeLabel, languageName } from './languages';

describe('the engine catalogue', () => {
  test('every language an engine lists has a name, and no engine lists one twice', () => {
    for (const engine of ENGINES) {
      expect(new Set(engine.languages).size, engine.id).toBe(engine.languages.length);
      for (const code of engine.languages)
        expect(LANGUAGE_NAMES[code], `${engine.id}: ${code}`).toBeDefined();
    }
  });

  test('ids are unique', () => {
    expect(new Set(ENGINES.map((e) => e.id)).size).toBe(ENGINES.length);
  });

  test('the recognizer choices hide the retired LUIS and engines without a provider, and keep the unconfigurable Nuance (disabled)', () => {
    const ids = recognizerChoices().map((e) => e.id);
    expect(ids).toEqual(['parley', 'nuance']);
    expect(recognizerChoices().find((e) => e.id === 'nuance')?.isConfigurable).toBe(false);
  });

  test('the embedded engine knows the seven languages of Parley NLU', () => {
    expect(languageChoices('parley', false)).toEqual(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt']);
    expect(languageChoices(undefined, false)).toEqual(languageChoices('parley', false));
  });

  test('without a recognizer every known language is offered; with Automate those of the choosable engines', () => {
    expect(languageChoices(NO_RECOGNIZER, false)).toHaveLength(Object.keys(LANGUAGE_NAMES).length);
    // Only the engines Parley publishes to count: the embedded one's seven languages today.
    expect([...languageChoices(undefined, true)].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
  });

  test('Automate starts a bot on the first choosable engine that knows its language', () => {
    expect(initialRecognizer(undefined, true, 'en')).toBe('parley');
    expect(initialRecognizer(undefined, true, 'fr')).toBe('parley');
    expect(initialRecognizer(undefined, true, 'ja-jp')).toBeUndefined();
    expect(initialRecognizer(undefined, true, 'gu-in')).toBeUndefined();
    expect(initialRecognizer('watson', true, 'ja')).toBe('watson');
    expect(initialRecognizer('watson', false, 'ja-jp')).toBeUndefined();
    expect(initialRecognizer(NO_RECOGNIZER, false, 'xx')).toBeNull();
  });
});

describe('labels of cards and headers', () => {
  test.each([
    ['en', 'EN'],
    ['en-us', 'EN'],
    ['pt-BR', 'PT'],
    ['zh-hans', 'ZH'],
    ['es-419', 'ES'],
  ])('language %s shows as %s', (code, label) => {
    expect(languageCodeLabel(code)).toBe(label);
  });

  test('language names', () => {
    expect(languageName('en-US')).toBe('English (United States)');
    expect(languageName('xx-yy')).toBe('xx-yy');
  });

  test.each([
    ['eu-west', 'EU'],
    ['eu-west-1', 'EU'],
    ['us-east', 'US'],
    ['us-east-1', 'US'],
    ['', 'EU'],
    [undefined, 'EU'],
  ])('region %s shows as %s', (region, label) => {
    expect(botRegionLabel(region)).toBe(label);
  });

  test('short region forms mean the long ones', () => {
    expect(botRegionOf('us-east-1')).toBe('us-east');
    expect(botRegionOf('eu-west-1')).toBe('eu-west');
    expect(botRegionOf('ap-south')).toBeUndefined();
  });
});
