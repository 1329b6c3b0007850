import {
  isSyncActive,
  isSyncHeartbeatStale,
  SYNC_MESSAGES,
  SYNC_STEP_LABELS,
  type SyncState,
  type SyncStepName,
} from '@parley/contracts';
import type { Bot, NluSyncRecord, StoredSyncStep } from '@parley/db';
import type { AppContext } from '../../context';
import { publishSyncProgress } from './synchronization-events';
import { markPublishedIfAllEnded } from './synchronization-run';

const STEP_ORDER = Object.keys(SYNC_STEP_LABELS) as SyncStepName[];

/**
 * The steps of a sync ended without its process: the running step fails with the message; when
 * none was running (the process died between steps) the next one is added as failed, so the
 * publishing panel always says why.
 */
export function failRunningStep(steps: readonly StoredSyncStep[], message: string): StoredSyncStep[] {
  if (steps.some((s) => s.status === 'InProgress'))
    return steps.map((s) => (s.status === 'InProgress' ? { ...s, status: 'Failed', message } : s));
  const at = STEP_ORDER.indexOf(steps.at(-1)?.name as SyncStepName);
  const failed = at === -1 ? 'INITIALIZE_CACHE' : (STEP_ORDER[at + 1] ?? 'TRAIN_BOT');
  return [...steps.filter((s) => s.name !== failed), { name: failed, status: 'Failed', message }];
}

/**
 * Ends a sync that is no longer active as Failed: its process stopped beating, or it ran past
 * the hour. Then it counts as ended for the publish like any failed provider (the bot may
 * become published, so Retry is allowed per spec 02 section 4).
 */
async function endDeadSync(ctx: AppContext, bot: Bot, sync: NluSyncRecord, now: number): Promise<void> {
  const message = isSyncHeartbeatStale(sync, now) ? SYNC_MESSAGES.processStopped : SYNC_MESSAGES.tookTooLong;
  const end = { state: 'Failed' satisfies SyncState, steps: failRunningStep(sync.steps, message) };
  const syncs = ctx.repos.forTenant(bot.tenantId).nluSyncs(bot.id);
  if (!(await syncs.abandon(sync.id, end))) return;
  ctx.log.warn(
    { botId: bot.id, provider: sync.provider, syncId: sync.syncId },
    'NLU sync ended: no live process',
  );
  await publishSyncProgress(ctx, bot.botName, {
    ...sync,
    ...end,
    finishedAt: new Date().toISOString(),
  });
  await markPublishedIfAllEnded(ctx, bot, sync.syncId);
}

/**
 * The bot's active syncs (spec 02 section 9, with the heartbeat: see `isSyncActive`). Unfinished
 * ones that are not active are ended first, so whatever reads the bot's syncs next sees them
 * Failed, and the bot's publishing state is settled before an edit is allowed.
 */
export async function activeSyncs(ctx: AppContext, bot: Bot): Promise<NluSyncRecord[]> {
  const unfinished = await ctx.repos.forTenant(bot.tenantId).nluSyncs(bot.id).unfinished();
  const now = Date.now();
  for (const sync of unfinished) if (!isSyncActive(sync, now)) await endDeadSync(ctx, bot, sync, now);
  return unfinished.filter((sync) => isSyncActive(sync, now));
}
