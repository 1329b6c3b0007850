import {
  readBotSettings,
  SYNC_MESSAGES,
  type SyncComparison,
  type SyncState,
  type SyncStep,
  type SyncStepName,
  type SyncStepStatus,
} from '@parley/contracts';
import type { Bot, NluSyncPatch, NluSyncRecord } from '@parley/db';
import { type NluProvider, NluProviderError } from '@parley/nlu';
import type { AppContext } from '../../context';
import { botRefOf } from '../nlu/engine/bot-ref';
import { botTrainingData } from '../nlu/engine/training-data';
import { trainingDataHash } from '../nlu/engine/training-data-hash';
import { compareModels } from './synchronization-comparison';
import { publishSyncProgress } from './synchronization-events';
import { startHeartbeat } from './synchronization-heartbeat';

/** What a finished comparison was answered with, kept on the sync. */
export type StoredComparison = SyncComparison & { decision?: 'published' | 'kept' };

/** Writes a sync's changes and pushes them to the bot's watchers. */
export function syncWriter(ctx: AppContext, bot: Bot, initial: NluSyncRecord) {
  const syncs = ctx.repos.forTenant(bot.tenantId).nluSyncs(bot.id);
  let current = initial;
  return {
    get current() {
      return current;
    },
    async save(patch: NluSyncPatch): Promise<void> {
      await syncs.update(current.id, patch);
      // The repository counts every write as a heartbeat; the pushed view must agree.
      current = {
        ...current,
        heartbeatAt: new Date().toISOString(),
        ...(patch.state !== undefined && { state: patch.state }),
        ...(patch.progress !== undefined && { progress: Math.round(patch.progress) }),
        ...(patch.steps !== undefined && { steps: patch.steps }),
        ...(patch.comparison !== undefined && { comparison: patch.comparison }),
        ...(patch.dataHash !== undefined && { dataHash: patch.dataHash }),
        ...(patch.finished && { finishedAt: new Date().toISOString() }),
      };
      await publishSyncProgress(ctx, bot.botName, current);
    },
    /** The running process's sign of life between saves (training can take a while). */
    async beat(): Promise<void> {
      await syncs.beat(current.id);
      current = { ...current, heartbeatAt: new Date().toISOString() };
    },
    /** Sets a step's status (appending the step when it starts). */
    async step(name: SyncStepName, status: SyncStepStatus, message?: string, progress?: number) {
      const steps = (current.steps as SyncStep[]).filter((s) => s.name !== name);
      const at = (current.steps as SyncStep[]).findIndex((s) => s.name === name);
      const step: SyncStep = { name, status, ...(message && { message }) };
      steps.splice(at === -1 ? steps.length : at, 0, step);
      await this.save({ steps, ...(progress !== undefined && { progress }) });
    },
  };
}

export type SyncWriter = ReturnType<typeof syncWriter>;

/**
 * The bot is published when every provider of the publish has ended, none waits for the
 * user's confirmation and none kept its old model (spec 02 section 4 'Published state').
 */
export async function markPublishedIfAllEnded(
  ctx: AppContext,
  bot: Bot,
  syncId: string,
  /** A provider whose sync is ending now: it counts as ended with its current state. */
  endingProvider?: string,
): Promise<void> {
  const scope = ctx.repos.forTenant(bot.tenantId);
  const syncs = await scope.nluSyncs(bot.id).ofSync(syncId);
  const latest = new Map(syncs.map((s) => [s.provider, s]));
  const all = [...latest.values()];
  const ended = all.every((s) => s.finishedAt !== null || s.provider === endingProvider);
  const declined = all.some(
    (s) =>
      s.state === 'AwaitingConfirmation' || (s.comparison as StoredComparison | null)?.decision === 'kept',
  );
  if (!ended || declined) return;
  await scope.bots.update(bot.id, { isPublished: true });
  // NLU automate (NLU performance) re-measures the recognizers after each publish.
  if (readBotSettings(bot.settings).nluAutomate)
    await ctx.jobs.enqueue('nlu.automate', { tenantId: bot.tenantId, botId: bot.id });
}

const percent = (from: number, to: number, share: number) => from + ((to - from) * share) / 100;

/**
 * One provider's sync of a publish, all at once (spec 02 section 4 'Per provider'): the NLU
 * resource and NLU when missing, then the cache (the bot's content as it is now), entities,
 * intents, training of the draft, the comparison on the test dataset, and publishing.
 */
export async function runSync(
  ctx: AppContext,
  bot: Bot,
  provider: NluProvider,
  writer: SyncWriter,
): Promise<void> {
  const scope = ctx.repos.forTenant(bot.tenantId);
  const ref = botRefOf(bot);
  let running: SyncStepName = 'INITIALIZE_CACHE';
  const stopHeartbeat = startHeartbeat(
    () => writer.beat(),
    (error) => ctx.log.warn({ err: error, botId: bot.id }, 'NLU sync heartbeat failed'),
  );
  try {
    const status = await provider.status(ref);
    if (!status.hasResource) {
      running = 'NLU_RESOURCE';
      await writer.step(running, 'InProgress');
      await provider.createResource(ref);
      await writer.step(running, 'Succeeded', undefined, 3);
    }
    if (!status.hasNlu) {
      running = 'NLU';
      await writer.step(running, 'InProgress');
      await provider.createNlu(ref);
      await writer.step(running, 'Succeeded', undefined, 5);
    }

    running = 'INITIALIZE_CACHE';
    await writer.step(running, 'InProgress');
    const data = await botTrainingData(scope, bot);
    const { intents, entities } = data;
    const dataHash = trainingDataHash(data);
    await writer.save({ dataHash });
    await writer.step(running, 'Succeeded', undefined, 10);

    running = 'SYNC_ENTITIES';
    await writer.step(running, 'InProgress');
    await writer.step(running, 'Succeeded', count(entities.length, 'entity', 'entities'), 20);

    running = 'SYNC_INTENTS';
    await writer.step(running, 'InProgress');
    if (intents.length === 0)
      await writer.step(running, 'Warning', 'The bot has no intents with examples.', 30);
    else await writer.step(running, 'Succeeded', count(intents.length, 'intent', 'intents'), 30);

    running = 'TRAIN_BOT';
    await writer.step(running, 'InProgress');
    let last = 30;
    await provider.train(ref, data, (share) => {
      const next = Math.round(percent(30, 85, share));
      if (next <= last) return;
      last = next;
      void writer.save({ progress: next }).catch(() => {});
    });

    const dataset = await scope.nluDatasets(bot.id).get();
    const comparison =
      dataset && dataset.rows.length > 0 ? await compareModels(provider, ref, dataset.rows) : null;
    if (comparison?.isWorse) {
      // The user decides (POST /confirm); until then the published model stays.
      await writer.save({ comparison, progress: 100, state: 'AwaitingConfirmation' satisfies SyncState });
      await writer.step(running, 'Warning', SYNC_MESSAGES.worseTitle);
      return;
    }
    await provider.publish(ref);
    await writer.save({ comparison, progress: 100, state: 'Succeeded' satisfies SyncState });
    await writer.step(running, 'Succeeded');
  } catch (error) {
    const message = error instanceof NluProviderError ? error.message : SYNC_MESSAGES.syncFailed;
    if (!(error instanceof NluProviderError)) ctx.log.error({ err: error, botId: bot.id }, 'NLU sync failed');
    await writer.step(running, 'Failed', message);
    await writer.save({ state: 'Failed' satisfies SyncState });
  } finally {
    stopHeartbeat();
    // The bot is marked published before this sync reads as done, so whoever sees it done
    // also sees the bot published.
    await markPublishedIfAllEnded(ctx, bot, writer.current.syncId, writer.current.provider);
    await writer.save({ finished: true });
  }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The 'nlu.sync' job: runs a started sync (its record says which), wherever the queue runs it. */
export async function runSyncJob(
  ctx: AppContext,
  job: { tenantId: string; botId: string; provider: string; syncId: string },
): Promise<void> {
  const scope = ctx.repos.forTenant(job.tenantId);
  const bot = await scope.bots.getById(job.botId);
  // The bot was deleted meanwhile: its syncs went with it.
  if (!bot) return;
  const sync = await scope.nluSyncs(bot.id).get(job.provider, job.syncId);
  if (!sync || sync.finishedAt !== null) return;
  const writer = syncWriter(ctx, bot, sync);
  const provider = ctx.nluProviders.get(job.provider);
  if (!provider) {
    await writer.step(
      'INITIALIZE_CACHE',
      'Failed',
      `There is no NLU provider named '${job.provider.slice(0, 50)}'.`,
    );
    await writer.save({ state: 'Failed' satisfies SyncState, finished: true });
    return;
  }
  await runSync(ctx, bot, provider, writer);
}
