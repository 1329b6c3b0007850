import { botIdFor } from '@parley/contracts';

/**
 * The bot a route's path names (`:bot` or `:botName`), parsed once by the guard: the name as
 * typed and the id it stands for in the caller's tenant. Routes hand it to services (`botOf`),
 * which read the bot by its id; nothing derives the id from the name again.
 */
export interface BotRef {
  id: string;
  name: string;
}

export const botRefFor = (tenantId: string, name: string): BotRef => ({ id: botIdFor(tenantId, name), name });

/** The ref of a bot already read (to read it again after a change). */
export const botRefOf = (bot: { id: string; botName: string }): BotRef => ({ id: bot.id, name: bot.botName });
