import { readBotSettings } from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { NluBotRef } from '@parley/nlu';

/** The provider's reference to a stored bot: tenant, bot id and the bot's language. */
export const botRefOf = (bot: Bot): NluBotRef => ({
  tenantId: bot.tenantId,
  botId: bot.id,
  language: readBotSettings(bot.settings).language,
});
