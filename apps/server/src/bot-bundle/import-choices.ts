import {
  type BotSettings,
  type CreateBotBody,
  type ImportBotQuery,
  initialRecognizer,
  recognizerOfCreateBody,
} from '@parley/contracts';

/**
 * The bundle's settings with the Import-a-bot dialog's choices: the language, the recognizer
 * (both providers, unless it stays the bundle's, whose entity extractor then stays too) and
 * Automate. Languages the bot supports besides its main one are kept.
 */
export function importSettings(bundle: BotSettings, choice: ImportBotQuery): BotSettings {
  const language = choice.language ?? bundle.language;
  const recognizer = recognizerOfCreateBody(choice);
  const supportedLanguages =
    language === bundle.language
      ? bundle.supportedLanguages
      : [...new Set([language, ...bundle.supportedLanguages.filter((l) => l !== bundle.language)])];
  return {
    ...bundle,
    language,
    supportedLanguages,
    intentRecognizerProvider: recognizer,
    entityExtractorProvider:
      recognizer === bundle.intentRecognizerProvider ? bundle.entityExtractorProvider : recognizer,
    nluAutomate: choice.nluAutomate,
  };
}

/**
 * A starter template's settings for a new bot: its language and recognizer, with the dialog's
 * Automate; with Automate on the bot starts on the first engine that knows the language.
 */
export function templateSettings(template: BotSettings, body: CreateBotBody): BotSettings {
  if (!body.nluAutomate) return { ...template, nluAutomate: false };
  const recognizer =
    initialRecognizer(undefined, true, template.language) ?? template.intentRecognizerProvider;
  return {
    ...template,
    nluAutomate: true,
    intentRecognizerProvider: recognizer,
    entityExtractorProvider: recognizer,
  };
}
