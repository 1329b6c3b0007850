import type { BotDetails } from '@parley/contracts';

/** The editor's languages (spec 03 section 3.2): the bot's language first, then its other supported ones. */
export function editorLanguages(bot: BotDetails): string[] {
  const { language, supportedLanguages } = bot.settings;
  return [
    ...new Set([language, ...(supportedLanguages ?? [])].filter((code) => typeof code === 'string' && code)),
  ];
}

/**
 * The SCSM ('system') and Foodl palette groups show when the bot's settings list their category
 * (spec 03 sections 2.4 and 3.6). Bot settings carry `categories` once the Configuration tab
 * (issue 13) writes them; until then a bot imported with them has them.
 */
export function paletteCategories(bot: BotDetails): string[] {
  const categories = (bot.settings as unknown as { categories?: unknown }).categories;
  return Array.isArray(categories)
    ? categories.filter((entry): entry is string => typeof entry === 'string')
    : [];
}
