import { describe, expect, test } from 'vitest';
import { conversationLanguage } from './conversation-language';

describe('the language of a new conversation', () => {
  const bot = { language: 'en', supportedLanguages: ['en', 'de', 'fr-ca'] };

  test("the channel's language when the bot supports it, exactly or by its main part", () => {
    expect(conversationLanguage(bot, 'de')).toBe('de');
    expect(conversationLanguage(bot, 'de-AT')).toBe('de');
    expect(conversationLanguage(bot, 'DE_ch')).toBe('de');
    expect(conversationLanguage(bot, 'fr-CA')).toBe('fr-ca');
    expect(conversationLanguage(bot, 'fr')).toBe('fr-ca');
  });

  test("else the bot's default language", () => {
    expect(conversationLanguage(bot, 'it')).toBe('en');
    expect(conversationLanguage(bot, undefined)).toBe('en');
    expect(conversationLanguage(bot, '')).toBe('en');
    expect(conversationLanguage({ language: 'nl' }, 'de')).toBe('nl');
  });
});
