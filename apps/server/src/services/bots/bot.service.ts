import type { BotDetails, BotIdNames, BotPermissions, BotView } from '@parley/contracts';
import { notFound } from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { botBlobPrefix } from '../../blobs/blob-store';
import type { AppContext } from '../../context';
import { botSyncStatus } from '../publishing/synchronization.service';
import { loadBot, permissionsOnBot, toBotDetails, toBotView, visibleBots } from './bot-access.service';

/** GET /api/bots: the overview's cards. */
export async function listBots(principal: Principal): Promise<BotView[]> {
  return (await visibleBots(principal)).map(toBotView);
}

/** GET /api/bots/id-name. */
export async function listBotIdNames(principal: Principal): Promise<BotIdNames> {
  return (await visibleBots(principal)).map((bot) => ({ id: bot.id, botName: bot.botName }));
}

/**
 * GET /api/bots/ids?tenantId=: the selected tenant's bot ids (those the caller sees), or any
 * tenant's for a master administrator. Another tenant is not found for everyone else.
 */
export async function listBotIds(
  ctx: AppContext,
  principal: Principal,
  tenantId: string | undefined,
): Promise<string[]> {
  if (tenantId === undefined || tenantId === principal.tenantId)
    return (await visibleBots(principal)).map((bot) => bot.id);
  if (!principal.isMasterTenantAdmin || !(await ctx.repos.tenants.get(tenantId)))
    throw notFound('Tenant not found');
  return (await ctx.repos.forTenant(tenantId).bots.list()).map((bot) => bot.id);
}

/** GET /api/bots/{bot}: the bot page's bot (the guard has checked the caller holds a role on it). */
export async function getBot(ctx: AppContext, principal: Principal, botRef: BotRef): Promise<BotDetails> {
  const bot = await loadBot(principal, botRef);
  // The bot page opens its publishing panel from here when a sync is active (spec 04 section 4).
  return { ...toBotDetails(bot), syncStatus: await botSyncStatus(ctx, principal.scope, bot) };
}

/** GET /api/bots/{bot}/permissions. */
export async function getBotPermissions(principal: Principal, botRef: BotRef): Promise<BotPermissions> {
  return { permissions: await permissionsOnBot(principal, await loadBot(principal, botRef)) };
}

/**
 * DELETE /api/bots/{bot}: the bot, its users' roles on it and (through ON DELETE CASCADE on
 * bots.id) every content row, in one transaction, recorded in the audit log.
 */
export async function deleteBot(ctx: AppContext, principal: Principal, botRef: BotRef): Promise<void> {
  const bot = await loadBot(principal, botRef);
  await ctx.repos.transaction(async (repos) => {
    const scope = repos.forTenant(principal.tenantId);
    await scope.botRoles.removeForBot(bot.id);
    if (!(await scope.bots.delete(bot.id))) throw notFound(`There is no bot named ${bot.botName}.`);
    await scope.audit.record({
      actor: principal.user.id,
      action: 'bot.deleted',
      target: bot.id,
      details: bot.botName,
    });
  });
  // Its files (NLU models, uploads) go after the rows: a failure here leaves garbage, never a half bot.
  await ctx.blobs.deletePrefix(botBlobPrefix(principal.tenantId, bot.id));
  // Whoever followed the bot (its publishing, its conversations) loses it.
  await ctx.principals.announce({ tenantIds: [principal.tenantId] });
}

/** PUT /api/bots/{bot}/hide-snippet-migration-banner: the banner's OK, for everyone on the bot. */
export async function hideSnippetMigrationBanner(principal: Principal, botRef: BotRef): Promise<void> {
  const bot = await loadBot(principal, botRef);
  await principal.scope.bots.update(bot.id, { showSnippetMigrationBanner: false });
}
