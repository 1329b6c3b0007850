import { conflict } from '@parley/contracts';
import { type Bot, isUniqueViolation, type TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot, permissionsOnBot } from '../bots/bot-access.service';
import { assertNotPublishing } from '../publishing/synchronization-block';

/** One bot's functions and sub flows (with the tenant's global ones), and what the caller may do there. */
export interface BotFunctions {
  bot: Bot;
  scope: TenantScope;
  functions: ReturnType<TenantScope['functions']>;
  /** The caller's permission ids on the bot. */
  permissions: readonly number[];
}

const functionsOf = (scope: TenantScope, bot: Bot, permissions: readonly number[]): BotFunctions => ({
  bot,
  scope,
  functions: scope.functions(bot.id),
  permissions,
});

/** Reading a bot's functions (a bot of another tenant, or none, is 404). */
export async function readBotFunctions(principal: Principal, botRef: BotRef): Promise<BotFunctions> {
  const bot = await loadBot(principal, botRef);
  return functionsOf(principal.scope, bot, await permissionsOnBot(principal, bot));
}

/**
 * Changing a bot's functions: refused while the bot is being published; one transaction, so a refused change changes nothing. Functions
 * are not part of the NLU model, so unlike intents and entities a change leaves the bot
 * published (docs/decisions.md, Functions).
 */
export async function changeBotFunctions<T>(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  change: (fns: BotFunctions) => Promise<T>,
): Promise<T> {
  const bot = await loadBot(principal, botRef);
  await assertNotPublishing(ctx, bot, 'functions');
  // Read before the transaction: SQLite has one connection, which the transaction holds.
  const permissions = await permissionsOnBot(principal, bot);
  try {
    return await ctx.repos.transaction(async (repos) => {
      const scope = repos.forTenant(principal.tenantId);
      return change(functionsOf(scope, bot, permissions));
    });
  } catch (error) {
    // Every name is checked before writing; only a simultaneous change can still collide.
    if (isUniqueViolation(error)) throw conflict('This bot was changed at the same time. Please try again.');
    throw error;
  }
}
