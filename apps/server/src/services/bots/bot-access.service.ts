import {
  ALL_PERMISSION_IDS,
  type BotDetails,
  type BotView,
  botNameProblem,
  notFound,
  Permission,
  readBotSettings,
} from '@parley/contracts';
import type { Bot } from '@parley/db';
import { type BotRef, botRefFor } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';

/** Bots the caller may see: all of the tenant for account administrators, else those they hold a role on. */
export async function visibleBots(principal: Principal): Promise<Bot[]> {
  const bots = await principal.scope.bots.list();
  if (principal.isTenantAdmin) return bots;
  const held = new Set((await principal.scope.botRoles.forUser(principal.user.id)).map((r) => r.botId));
  return bots.filter((bot) => held.has(bot.id));
}

/**
 * Whether the caller sees the bot with this id in the selected tenant: account administrators
 * see every bot of it, others those they hold a role on (even one without permissions).
 */
export async function maySeeBot(principal: Principal, botId: string): Promise<boolean> {
  if (principal.isTenantAdmin) return (await principal.scope.bots.getById(botId)) !== undefined;
  // Role rows are tenant-scoped and go with their bot, so a held role means the bot is here.
  return (await principal.scope.botRoles.forUser(principal.user.id)).some((role) => role.botId === botId);
}

/** Whether the caller may use the bot's test chat: account administrators, else a role with Test bot (27). */
export async function mayUseTestChat(principal: Principal, botId: string): Promise<boolean> {
  if (principal.isTenantAdmin) return (await principal.scope.bots.getById(botId)) !== undefined;
  const held = await principal.scope.botRoles.permissionsOn(principal.user.id, botId);
  return held.includes(Permission.TestBot);
}

/**
 * The bot of the selected tenant a path names (the guard parsed it: `botOf`), or 404. The lookup
 * is tenant-scoped, so a bot of another tenant is as unknown as one that never existed.
 */
export async function loadBot(principal: Principal, ref: BotRef): Promise<Bot> {
  const bot = botNameProblem(ref.name) ? undefined : await principal.scope.bots.getById(ref.id);
  if (!bot) throw notFound(`There is no bot named ${ref.name.slice(0, 50)}.`);
  return bot;
}

/** `loadBot` for a name that did not come through the guard (a webhook, a conversation's channel). */
export const botNamed = (principal: Principal, botName: string): Promise<Bot> =>
  loadBot(principal, botRefFor(principal.tenantId, botName));

/** The caller's permission ids on a bot: every one for account administrators, else their role's. */
export async function permissionsOnBot(principal: Principal, bot: Bot): Promise<number[]> {
  if (principal.isTenantAdmin) return [...ALL_PERMISSION_IDS];
  const held = await principal.scope.botRoles.permissionsOn(principal.user.id, bot.id);
  return [...new Set(held)].sort((a, b) => a - b);
}

export function toBotView(bot: Bot): BotView {
  return {
    id: bot.id,
    botName: bot.botName,
    displayName: bot.displayName,
    region: bot.region,
    settings: readBotSettings(bot.settings),
    isPublished: bot.isPublished,
    showSnippetMigrationBanner: bot.showSnippetMigrationBanner,
    allTimeData: bot.allTimeData,
  };
}

/** The bot page's bot; `syncStatus` stays null until the NLU issue publishes to engines. */
export function toBotDetails(bot: Bot): BotDetails {
  return { ...toBotView(bot), tenantId: bot.tenantId, syncStatus: null };
}
