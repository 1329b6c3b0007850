import { type BotDetails, DEFAULT_BOT_SETTINGS } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { addableLanguages, languagesOf, withLanguage, withoutLanguage } from './languages-form';

const bot = (settings: Partial<BotDetails['settings']> = {}): BotDetails => ({
  id: 't-support-bot',
  botName: 'Support Bot',
  displayName: 'Support Bot',
  region: 'eu-west',
  settings: { ...DEFAULT_BOT_SETTINGS, ...settings },
  isPublished: false,
  showSnippetMigrationBanner: false,
  allTimeData: { interactions: 0, questionsAsked: 0, questionsRecognized: 0 },
  tenantId: 't',
  syncStatus: null,
});

describe('the Multi-Language sub-tab', () => {
  test('the default language is first, never twice, never offered again and never removed', () => {
    const b = bot({ language: 'en', supportedLanguages: ['de', 'en'] });
    const listed = languagesOf(b);
    expect(listed).toEqual(['en', 'de']);
    const offered = addableLanguages(b, listed).map((o) => o.value);
    expect(offered).not.toContain('en');
    expect(offered).not.toContain('de');
    expect(offered).toContain('fr');
    expect(withoutLanguage(b, listed, 'en')).toEqual(['en', 'de']);
    expect(withoutLanguage(b, listed, 'de')).toEqual(['en']);
    expect(withLanguage(listed, 'fr')).toEqual(['en', 'de', 'fr']);
    expect(withLanguage(listed, 'de')).toEqual(['en', 'de']);
    expect(withLanguage(listed, '')).toEqual(['en', 'de']);
  });

  test('without a recognizer every known language is offered', () => {
    const b = bot({ intentRecognizerProvider: null });
    expect(addableLanguages(b, ['en']).length).toBeGreaterThan(addableLanguages(bot(), ['en']).length - 1);
    expect(addableLanguages(b, ['en']).map((o) => o.value)).toContain('zh-hant');
  });
});
