import { conflict, Permission, permissionDenied } from '@parley/contracts';
import { isUniqueViolation, type TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot, permissionsOnBot } from '../bots/bot-access.service';
import { assertNotPublishing } from '../publishing/synchronization-block';
import type { BotContent } from './bot-content.service';

/** One change to a bot's variables and objects, inside its transaction. */
export interface VariableChange {
  /** The bot's content, for the name checks of the other kinds (entities, functions). */
  content: BotContent;
  variables: ReturnType<TenantScope['variables']>;
  /**
   * Global variables and objects belong to every bot of the tenant: making, changing or
   * deleting one needs MakeGlobal (spec 02 section 6 'ManageGlobalBotData') besides
   * ManageVariablesAndObjects; without it the answer is 403.
   */
  requireMakeGlobal(): void;
}

/** A bot's content bound to a scope (a transaction's). */
export const botContentIn = (scope: TenantScope, bot: BotContent['bot']): BotContent => ({
  bot,
  scope,
  intents: scope.intents(bot.id),
  entities: scope.entities(bot.id),
});

/**
 * Changes a bot's variables and objects in one transaction, so a refused change changes
 * nothing. Unlike intents and entities, the bot stays published: variables are not part of
 * the NLU model.
 */
export async function changeVariables<T>(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  change: (variableChange: VariableChange) => Promise<T>,
  { isObjectChange = false }: { isObjectChange?: boolean } = {},
): Promise<T> {
  const bot = await loadBot(principal, botRef);
  // Objects are blocked while the bot is being published; variables are not (spec 02 section 8).
  if (isObjectChange) await assertNotPublishing(ctx, bot, 'objects');
  const canMakeGlobal = (await permissionsOnBot(principal, bot)).includes(Permission.MakeGlobal);
  try {
    return await ctx.repos.transaction(async (repos) => {
      const scope = repos.forTenant(principal.tenantId);
      return change({
        content: botContentIn(scope, bot),
        variables: scope.variables(bot.id),
        requireMakeGlobal: () => {
          if (!canMakeGlobal) throw permissionDenied(Permission.MakeGlobal);
        },
      });
    });
  } catch (error) {
    // Every name is checked before writing; only a simultaneous change can still collide.
    if (isUniqueViolation(error)) throw conflict('This bot was changed at the same time. Please try again.');
    throw error;
  }
}

/** Changing a bot's objects: as changeVariables, and refused while the bot is being published. */
export const changeObjects = <T>(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  change: (variableChange: VariableChange) => Promise<T>,
): Promise<T> => changeVariables(ctx, principal, botRef, change, { isObjectChange: true });
