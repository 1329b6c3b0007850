import { type BotDetails, languageChoices, languageName, NO_RECOGNIZER } from '@parley/contracts';

/** The bot's languages as the Multi-Language sub-tab lists them: the default first, never twice. */
export function languagesOf(bot: BotDetails): string[] {
  const { language, supportedLanguages } = bot.settings;
  return [...new Set([language, ...supportedLanguages])];
}

/**
 * The languages that can be added (spec 04 section 5: the default is not offered again): those
 * the bot's intent recognizer understands (any known one without a recognizer), not yet listed,
 * by name.
 */
export function addableLanguages(
  bot: BotDetails,
  current: readonly string[],
): Array<{ value: string; label: string }> {
  return languageChoices(bot.settings.intentRecognizerProvider ?? NO_RECOGNIZER, false)
    .filter((code) => code !== bot.settings.language && !current.includes(code))
    .map((code) => ({ value: code, label: `${languageName(code)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export const withLanguage = (current: readonly string[], code: string): string[] =>
  current.includes(code) || code === '' ? [...current] : [...current, code];

/** Any language but the default may be removed (spec 04 section 5). */
export const withoutLanguage = (bot: BotDetails, current: readonly string[], code: string): string[] =>
  code === bot.settings.language ? [...current] : current.filter((c) => c !== code);
