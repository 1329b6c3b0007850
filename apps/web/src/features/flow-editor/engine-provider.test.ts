import { describe, expect, it } from 'vitest';
import { engineLabel, providerName } from './engine-provider';

describe('the engine label', () => {
  it.each([
    ['parley', 'Parley NLU (embedded)'],
    ['clu', 'Microsoft'],
    ['luis', 'Microsoft'],
    ['watson', 'IBM'],
    ['dialogflow', 'Google'],
    ['lex', 'Amazon'],
    ['wit', 'Wit'],
    ['stanford', 'Stanford'],
    ['nuance', 'Nuance'],
    ['azure-translator', 'Microsoft'],
    ['google-translate', 'Google'],
    ['aws-comprehend', 'Amazon'],
    ['deepl', 'deepl'],
    [null, null],
    ['', null],
    ['none', null],
    [42, null],
  ])('names %j as %j', (value, expected) => {
    expect(providerName(value)).toBe(expected);
  });

  it("reads the setting each block kind uses from the bot's settings", () => {
    const settings = {
      intentRecognizerProvider: 'parley',
      entityExtractorProvider: 'stanford',
      languageDetectionProvider: 'google',
      languageTranslationProvider: null,
    };
    expect(engineLabel('triggerRecognizer', settings)).toBe('Engine: Parley NLU (embedded)');
    expect(engineLabel('multipleEntityCheck', settings)).toBe('Engine: Stanford');
    expect(engineLabel('languageDetection', settings)).toBe('Engine: Google');
    expect(engineLabel('languageTranslation', settings)).toBe("Engine: none is set up in the bot's settings");
    expect(engineLabel('message', settings)).toBeNull();
  });
});
