import { readBotSettings, settingsSectionSchema } from '@parley/contracts';
import { defineBundleKind } from '../bundle-kind';

/**
 * The bot's settings: language, providers, thresholds and whatever later parts add to
 * botSettingsSchema (fields that are secrets must stay out of it). The import's choices
 * (language, recognizer, Automate) are applied to this section before it is imported.
 */
export const settingsKind = defineBundleKind({
  section: 'settings',
  schema: settingsSectionSchema,
  // Parsing keeps exactly the schema's fields: stored settings may hold what no bundle carries.
  export: async ({ bot }) => settingsSectionSchema.parse(readBotSettings(bot.settings)),
  import: async ({ bot, scope }, settings) => {
    await scope.bots.update(bot.id, { settings });
  },
  summary: (settings) => ({
    settings: {
      language: settings.language,
      intentRecognizerProvider: settings.intentRecognizerProvider,
      nluAutomate: settings.nluAutomate,
    },
  }),
});
