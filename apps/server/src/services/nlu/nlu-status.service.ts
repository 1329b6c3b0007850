import {
  AppError,
  ENGINES,
  NLU_STATUS_MESSAGES as M,
  type NluProvidersView,
  type NluStatusView,
  nluProviderCatalogueProblem,
  nluProviderLabel,
  readBotSettings,
  validationError,
} from '@parley/contracts';
import type { Bot } from '@parley/db';
import type { NluBotRef, NluProvider, NluProviderStatus } from '@parley/nlu';
import { NluProviderError } from '@parley/nlu';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { botRefOf } from './engine/bot-ref';

/** One bot and one provider of the registry, resolved from the path. */
interface BotProvider {
  bot: Bot;
  ref: NluBotRef;
  provider: NluProvider;
}

/**
 * The provider named in a path: an intent recognizer of the engines catalogue that Parley can
 * configure and has built; anything else is a 400 naming the provider (docs/decisions.md).
 */
function providerNamed(ctx: AppContext, id: string): NluProvider {
  const problem = nluProviderCatalogueProblem(id);
  if (problem) throw validationError('provider', problem);
  const provider = ctx.nluProviders.get(id);
  if (!provider) throw validationError('provider', M.notYet(nluProviderLabel(id)));
  return provider;
}

async function resolve(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  id: string,
): Promise<BotProvider> {
  const provider = providerNamed(ctx, id);
  const bot = await loadBot(principal, botRef);
  return { bot, ref: botRefOf(bot), provider };
}

const viewOf = (provider: string, status: NluProviderStatus): NluStatusView => ({
  provider,
  hasResource: status.hasResource,
  hasNlu: status.hasNlu,
  isConfigured: status.hasResource && status.hasNlu,
});

/** A provider's refusal or failure is the user's to read (spec 02 section 8 'sync_error'). */
async function atProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NluProviderError) throw new AppError('sync_error', error.message);
    throw error;
  }
}

/** GET /api/bots/{bot}/nlu-status/{provider}. */
export async function nluStatus(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  id: string,
): Promise<NluStatusView> {
  const { ref, provider } = await resolve(ctx, principal, botRef, id);
  return viewOf(id, await atProvider(() => provider.status(ref)));
}

/** POST /api/bots/{bot}/nlu-resource/{provider}: creates the resource unless it exists. */
export async function createNluResource(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  id: string,
): Promise<NluStatusView> {
  const { ref, provider } = await resolve(ctx, principal, botRef, id);
  return atProvider(async () => {
    if (!(await provider.status(ref)).hasResource) await provider.createResource(ref);
    return viewOf(id, await provider.status(ref));
  });
}

/**
 * POST /api/bots/{bot}/nlu/{provider}: creates the NLU in the existing resource unless it
 * exists. A new NLU holds no model yet, so the bot is no longer fully published.
 */
export async function createNlu(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  id: string,
): Promise<NluStatusView> {
  const { bot, ref, provider } = await resolve(ctx, principal, botRef, id);
  return atProvider(async () => {
    const status = await provider.status(ref);
    if (!status.hasResource) throw validationError('provider', M.resourceFirst(nluProviderLabel(id)));
    if (!status.hasNlu) {
      await provider.createNlu(ref);
      await principal.scope.bots.markUnpublished(bot.id);
    }
    return viewOf(id, await provider.status(ref));
  });
}

/**
 * DELETE /api/bots/{bot}/nlu/{provider}: removes the NLU and resource with their models;
 * nothing to remove is fine. The bot's published model is then not everywhere: unpublished.
 */
export async function deleteNlu(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  id: string,
): Promise<NluStatusView> {
  const { bot, ref, provider } = await resolve(ctx, principal, botRef, id);
  return atProvider(async () => {
    const status = await provider.status(ref);
    if (status.hasResource || status.hasNlu) {
      await provider.remove(ref);
      await principal.scope.bots.markUnpublished(bot.id);
    }
    return viewOf(id, await provider.status(ref));
  });
}

/** GET /api/bots/{bot}/nlu-providers: the primary recognizer and the configured providers. */
export async function nluProviders(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<NluProvidersView> {
  const bot = await loadBot(principal, botRef);
  const ref = botRefOf(bot);
  const configured: string[] = [];
  // Catalogue order, so the table does not reorder as providers are configured.
  for (const engine of ENGINES) {
    const provider = ctx.nluProviders.get(engine.id);
    if (!provider) continue;
    const status = await atProvider(() => provider.status(ref));
    if (status.hasResource && status.hasNlu) configured.push(engine.id);
  }
  return { primary: readBotSettings(bot.settings).intentRecognizerProvider ?? null, configured };
}
