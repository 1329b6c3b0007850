import { AppError, BOT_BUNDLE_MESSAGES, BOT_MESSAGES, validationError } from '@parley/contracts';
import { type Bot, isUniqueViolation, type TenantScope } from '@parley/db';
import type { Principal } from '../../auth/principal';
import type { MadeGlobal } from '../../bot-bundle/bundle-kind';
import type { AppContext } from '../../context';
import { assertBotCap, CREATOR_ROLE_ID } from './bot-creation.service';

/**
 * A bot file's import (or a staging's rehearsal of it) that began this long ago and is not
 * finished belongs to a process that ended: it is removed (job `bots.sweep-imports`), and its
 * person may send another file.
 */
export const ABANDONED_IMPORT_MS = 10 * 60_000;

/** A person already has a bot file being read: 429. */
export const oneBotFileAtATime = () =>
  new AppError('rate_limit_error', BOT_BUNDLE_MESSAGES.oneAtATime, { retryAfterSeconds: 10 });

/**
 * The bot a person's bot file is written into (an import, or a staging's rehearsal), made before
 * the file is read: seen by nothing until `finishImport`, and one per person at a time (the
 * database refuses a second one, so the limit holds across processes; a bot file costs a worker
 * and seconds of writing). An import checks the plan's cap here, under the tenant's lock, and
 * gives a creator who is not an account administrator the Administrator role on the bot.
 * Throws 429 while another file of theirs is read, and 'This name is already taken!' when a
 * bot (or another import) has the name.
 */
export async function claimImportingBot(
  ctx: AppContext,
  principal: Principal,
  bot: { botName: string; region: string; settings: object },
  creation?: { acceptAdditionalCost: boolean },
): Promise<Bot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.repos.transaction(async (repos) => {
        if (creation) {
          await repos.tenants.lock(principal.tenantId);
          await assertBotCap(repos, principal.tenantId, creation.acceptAdditionalCost);
        }
        const scope = repos.forTenant(principal.tenantId);
        const claimed = await scope.bots.create({ ...bot, importingBy: principal.user.id });
        if (creation && !principal.isTenantAdmin)
          await scope.botRoles.set(principal.user.id, claimed.id, CREATOR_ROLE_ID);
        return claimed;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const held = await ctx.repos.botImports.of(principal.user.id);
      if (!held) throw validationError('name', BOT_MESSAGES.nameTaken);
      const isAbandoned = Date.now() - Date.parse(held.since) >= ABANDONED_IMPORT_MS;
      if (!isAbandoned || attempt > 1) throw oneBotFileAtATime();
      await ctx.repos.botImports.remove(held.tenantId, held.botId);
    }
  }
}

/**
 * Writes into a claimed bot in short transactions (`transactionInSlices`): `write` gets the
 * tenant's repositories of the moment and the slice break to call between items. When it
 * throws, the bot and what it made global are removed, and the error is thrown on.
 */
export async function writeImportingBot<T>(
  ctx: AppContext,
  principal: Principal,
  bot: Bot,
  write: (scope: TenantScope, breakSlice: () => Promise<void>, madeGlobal: MadeGlobal[]) => Promise<T>,
): Promise<T> {
  const madeGlobal: MadeGlobal[] = [];
  try {
    return await ctx.repos.transactionInSlices((repos, breakSlice) =>
      write(repos.forTenant(principal.tenantId), breakSlice, madeGlobal),
    );
  } catch (error) {
    await removeImportingBot(ctx, principal.tenantId, bot, madeGlobal);
    throw error;
  }
}

/**
 * Removes a bot that will not be finished (a failed import, a staging once it has answered),
 * its content a few hundred rows at a time, and the account's global items its import made.
 */
export async function removeImportingBot(
  ctx: AppContext,
  tenantId: string,
  bot: Bot,
  madeGlobal: readonly MadeGlobal[] = [],
): Promise<void> {
  await ctx.repos.botImports.remove(tenantId, bot.id);
  const scope = ctx.repos.forTenant(tenantId);
  for (const item of madeGlobal) {
    if (item.kind === 'function') {
      const fn = await scope.tenantFunctions.global(item.name);
      if (fn) await scope.functions(bot.id).delete(fn.id);
    } else {
      const variable = await scope.variables(bot.id).get(item.name);
      if (variable?.isGlobal && variable.kind === item.kind)
        await scope.variables(bot.id).delete(variable.id);
    }
  }
}

/** Job `bots.sweep-imports`: imports whose process ended are removed (their names and people freed). */
export async function sweepAbandonedImports(ctx: AppContext): Promise<void> {
  const before = new Date(Date.now() - ABANDONED_IMPORT_MS).toISOString();
  for (const abandoned of await ctx.repos.botImports.abandoned(before))
    await ctx.repos.botImports.remove(abandoned.tenantId, abandoned.botId);
}
