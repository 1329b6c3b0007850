import {
  type BotDetails,
  DEFAULT_BOT_SETTINGS,
  GENERAL_SETTINGS_MESSAGES as M,
  type StoredSystemMessages,
} from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { botLanguages, systemMessageProblems, systemMessagesDraftOf } from './system-messages-form';

const bot = (language: string, supportedLanguages: string[], systemMessages?: StoredSystemMessages) =>
  ({
    botName: 'Support Bot',
    displayName: 'Support Bot',
    settings: { ...DEFAULT_BOT_SETTINGS, language, supportedLanguages, systemMessages },
  }) as BotDetails;

const blank = {
  unexpectedErrorMessage: '',
  messageEmpty: '',
  messageTextEmpty: '',
  messageBetweenThreshold: '',
  messageBelowThreshold: '',
};

describe('the System Messages draft', () => {
  test("the default language comes first, then the bot's other languages, each once", () => {
    expect(botLanguages(bot('de', ['en', 'de', 'fr']))).toEqual(['de', 'en', 'fr']);
    expect(botLanguages(bot('en', []))).toEqual(['en']);
  });

  test('every language has its five messages: its own where written, blank (the default) elsewhere', () => {
    expect(
      systemMessagesDraftOf(
        bot('en', ['en', 'de'], { en: { messageEmpty: 'Nothing?' }, fr: { messageEmpty: 'x' } }),
      ),
    ).toEqual({ en: { ...blank, messageEmpty: 'Nothing?' }, de: blank });
  });

  test('a message longer than 2000 characters is a problem of its language and key', () => {
    const draft = systemMessagesDraftOf(bot('en', ['en', 'de']));
    expect(systemMessageProblems(draft)).toEqual({});
    draft.de = { ...blank, messageTextEmpty: 'x'.repeat(2001) };
    expect(systemMessageProblems(draft)).toEqual({ 'de.messageTextEmpty': M.systemMessageTooLong });
  });
});
