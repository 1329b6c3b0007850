import {
  AppError,
  type BotSyncStatusView,
  botIdFor,
  conflict,
  type FullSyncView,
  nluProviderLabel,
  notFound,
  parseSyncId,
  readBotSettings,
  SYNC_MESSAGES,
  type SyncConfirmBody,
  type SyncProgressView,
  type SyncQuery,
  type SyncStartedView,
  type SyncState,
  validationError,
} from '@parley/contracts';
import { type Bot, isUniqueViolation, type NluSyncRecord, type TenantScope } from '@parley/db';
import type { NluProvider } from '@parley/nlu';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { loadBot } from '../bots/bot-access.service';
import { botRefOf } from '../nlu/engine/bot-ref';
import { botTrainingData } from '../nlu/engine/training-data';
import { trainingDataHash } from '../nlu/engine/training-data-hash';
import { activeSyncs } from './synchronization-liveness';
import { markPublishedIfAllEnded, type StoredComparison, syncWriter } from './synchronization-run';
import { toBotSyncStatus, toProgressView } from './synchronization-views';

/** The provider named in the query, or 400 (spec 02 section 7: an unknown provider is a bad request). */
export function providerNamed(ctx: AppContext, id: string): NluProvider {
  const provider = ctx.nluProviders.get(id);
  if (!provider) throw validationError('provider', SYNC_MESSAGES.unknownProvider(id));
  return provider;
}

/** A sync id of this bot: `botName|timestamp` (spec 02 section 9). */
function syncIdOf(bot: Bot, syncId: string | undefined): string {
  const parsed = syncId ? parseSyncId(syncId) : undefined;
  if (!syncId || !parsed || botIdFor(bot.tenantId, parsed.botName) !== bot.id)
    throw validationError('syncId', SYNC_MESSAGES.badSyncId);
  return syncId;
}

/** A failure of a provider's sync, with the catalogue's fields (spec 01 section 8). */
const syncError = (provider: string, message: string, status = 409) =>
  new AppError('sync_error', message, { provider, internalMessage: message }, status);

/**
 * POST /sync: starts one provider's sync of a publish and answers at once; the steps run in
 * the background and report through GET /progress and the websocket. Another publish of the
 * bot still running is 409; the same sync id again for a provider that finished is a retry,
 * allowed only while the bot is published (spec 02 section 4).
 */
export async function startSync(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
): Promise<SyncStartedView> {
  const bot = await loadBot(principal, botRef);
  const provider = providerNamed(ctx, query.provider);
  const syncId = syncIdOf(bot, query.syncId);
  const active = await activeSyncs(ctx, bot);
  if (active.some((s) => s.syncId !== syncId || s.provider === provider.id))
    throw conflict(SYNC_MESSAGES.alreadyActive);
  const syncs = ctx.repos.forTenant(bot.tenantId).nluSyncs(bot.id);
  const earlier = await syncs.get(provider.id, syncId);
  if (earlier && !bot.isPublished) throw syncError(provider.id, SYNC_MESSAGES.retryNotAllowed);

  let sync: NluSyncRecord;
  try {
    sync = await syncs.start({
      provider: provider.id,
      syncId,
      state: 'InProgress' satisfies SyncState,
      steps: [],
      startedBy: principal.user.id,
    });
  } catch (error) {
    // Another process started this provider's sync a moment ago.
    if (isUniqueViolation(error)) throw conflict(SYNC_MESSAGES.alreadyActive);
    throw error;
  }
  await ctx.jobs.enqueue('nlu.sync', {
    tenantId: bot.tenantId,
    botId: bot.id,
    provider: provider.id,
    syncId: sync.syncId,
  });
  return { syncId, provider: provider.id };
}

/** POST /full: for an all-at-once provider the whole sync is the one POST /sync does. */
export async function startFullSync(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
): Promise<FullSyncView> {
  await startSync(ctx, principal, botRef, query);
  return { created: true, updated: true, deleted: true };
}

async function syncOf(ctx: AppContext, principal: Principal, botRef: BotRef, query: SyncQuery) {
  const bot = await loadBot(principal, botRef);
  const provider = providerNamed(ctx, query.provider);
  const syncId = syncIdOf(bot, query.syncId);
  // A sync whose process died reads as Failed, with the reason on its step.
  await activeSyncs(ctx, bot);
  const sync = await ctx.repos.forTenant(bot.tenantId).nluSyncs(bot.id).get(provider.id, syncId);
  if (!sync) throw notFound(SYNC_MESSAGES.unknownSync);
  return { bot, provider, sync };
}

/** GET /progress: isDone and progress (spec 02 section 7), with the steps for the panel. */
export async function syncProgress(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
): Promise<SyncProgressView> {
  return toProgressView((await syncOf(ctx, principal, botRef, query)).sync);
}

/**
 * POST /confirm: the new model scored worse on the test dataset; `publish: true` publishes it
 * anyway (when the bot's content is still what it was trained from), false keeps the
 * published model and leaves the bot unpublished.
 */
export async function confirmSync(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
  body: SyncConfirmBody,
): Promise<SyncProgressView> {
  const { bot, provider, sync } = await syncOf(ctx, principal, botRef, query);
  if (sync.state !== ('AwaitingConfirmation' satisfies SyncState))
    throw conflict(SYNC_MESSAGES.nothingToConfirm);
  const writer = syncWriter(ctx, bot, sync);
  const comparison = sync.comparison as StoredComparison;
  if (!body.publish) {
    await writer.save({
      state: 'Warning' satisfies SyncState,
      comparison: { ...comparison, decision: 'kept' },
    });
    await writer.step('TRAIN_BOT', 'Warning', 'The published model was kept.');
    return toProgressView(writer.current);
  }
  const scope = ctx.repos.forTenant(bot.tenantId);
  const ref = botRefOf(bot);
  const data = await botTrainingData(scope, bot);
  if (trainingDataHash(data) !== sync.dataHash) throw syncError(provider.id, SYNC_MESSAGES.retryNotAllowed);
  await provider.publish(ref);
  await writer.save({
    state: 'Succeeded' satisfies SyncState,
    comparison: { ...comparison, decision: 'published' },
  });
  await writer.step('TRAIN_BOT', 'Succeeded', 'Published after confirmation.');
  await markPublishedIfAllEnded(ctx, bot, sync.syncId);
  return toProgressView(writer.current);
}

/** The providers a publish goes to: the bot's recognizer, then every other configured provider. */
async function publishTargets(scope: TenantScope, bot: Bot): Promise<string[]> {
  const recognizer = readBotSettings(bot.settings).intentRecognizerProvider;
  const configured = await scope.nluModels(bot.id).configuredProviders();
  return [...new Set([...(recognizer ? [recognizer] : []), ...configured])];
}

/** Spec 04 section 3.10 for one bot; null when no publish ever ran (GET /api/bots/{bot}). */
export async function botSyncStatus(
  ctx: AppContext,
  scope: TenantScope,
  bot: Bot,
): Promise<BotSyncStatusView | null> {
  await activeSyncs(ctx, bot);
  const latest = await scope.nluSyncs(bot.id).latestPerProvider();
  if (latest.length === 0) return null;
  return toBotSyncStatus(latest, await publishTargets(scope, bot));
}

/** GET /api/synchronization/{bot}/status. */
export async function syncStatus(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<BotSyncStatusView> {
  const bot = await loadBot(principal, botRef);
  return (
    (await botSyncStatus(ctx, principal.scope, bot)) ??
    toBotSyncStatus([], await publishTargets(principal.scope, bot))
  );
}

/**
 * The progressive calls (cache, entities, intents, train one by one) are for providers that
 * sync piece by piece; an all-at-once provider answers 400 sync_error pointing to POST /sync.
 */
export async function refuseProgressiveCall(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
): Promise<never> {
  await loadBot(principal, botRef);
  const provider = providerNamed(ctx, query.provider);
  throw syncError(provider.id, SYNC_MESSAGES.allAtOnce(nluProviderLabel(provider.id)), 400);
}

/** GET /entities and GET /intents: what the provider receives from the bot now (names and sizes). */
export async function providerContent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  query: SyncQuery,
  kind: 'intents' | 'entities',
) {
  const bot = await loadBot(principal, botRef);
  providerNamed(ctx, query.provider);
  const scope = ctx.repos.forTenant(bot.tenantId);
  const data = await botTrainingData(scope, bot);
  if (kind === 'entities') return data.entities.map((e) => ({ name: e.name, type: e.type }));
  return data.intents.map((i) => ({
    name: i.name,
    utterances: i.utterances.length,
    patterns: i.patterns?.length ?? 0,
  }));
}
