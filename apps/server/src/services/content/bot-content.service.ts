import { conflict, NONE_INTENT } from '@parley/contracts';
import { type Bot, isUniqueViolation, type TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { assertNotPublishing } from '../publishing/synchronization-block';

/** One bot's intents and entities, with repositories bound to its tenant and to it. */
export interface BotContent {
  bot: Bot;
  scope: TenantScope;
  intents: ReturnType<TenantScope['intents']>;
  entities: ReturnType<TenantScope['entities']>;
}

const contentOf = (scope: TenantScope, bot: Bot): BotContent => ({
  bot,
  scope,
  intents: scope.intents(bot.id),
  entities: scope.entities(bot.id),
});

/**
 * The special intent None exists in every bot; it is made the first time the bot's intents are
 * touched. A read looks first, so reading a bot's content writes nothing once None is there.
 */
export async function ensureNoneIntent(content: BotContent): Promise<void> {
  if (await content.intents.idOf(NONE_INTENT)) return;
  await content.intents.ensure({
    name: NONE_INTENT,
    description: '',
    type: 'normal',
    answer: '',
    isRedirect: false,
    template: null,
    examples: [],
  });
}

/** Reading a bot's content (a bot of another tenant, or none, is 404). */
export async function readBotContent(principal: Principal, botRef: BotRef): Promise<BotContent> {
  const content = contentOf(principal.scope, await loadBot(principal, botRef));
  await ensureNoneIntent(content);
  return content;
}

/**
 * Changing a bot's intents or entities: refused while the bot is being published, everything in
 * one transaction, so a refused change changes nothing, and the bot becomes unpublished with it
 * (spec 02 section 4).
 */
export async function changeBotContent<T>(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  area: 'intents' | 'entities',
  change: (content: BotContent) => Promise<T>,
): Promise<T> {
  const bot = await loadBot(principal, botRef);
  await assertNotPublishing(ctx, bot, area);
  try {
    return await ctx.repos.transaction(async (repos) => {
      const content = contentOf(repos.forTenant(principal.tenantId), bot);
      await ensureNoneIntent(content);
      const result = await change(content);
      await content.scope.bots.markUnpublished(bot.id);
      return result;
    });
  } catch (error) {
    // Every name is checked before writing; only a simultaneous change can still collide.
    if (isUniqueViolation(error)) throw conflict('This bot was changed at the same time. Please try again.');
    throw error;
  }
}
