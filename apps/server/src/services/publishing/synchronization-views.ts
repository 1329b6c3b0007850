import {
  type BotSyncStatusView,
  isSyncActive,
  type ProviderSyncStatus,
  type SyncComparison,
  type SyncProgressView,
  type SyncState,
  type SyncStep,
} from '@parley/contracts';
import type { NluSyncRecord } from '@parley/db';

/** A stored sync as GET /progress and the websocket event give it. */
export function toProgressView(sync: NluSyncRecord): SyncProgressView {
  return {
    isDone: sync.finishedAt !== null || !isSyncActive(sync),
    progress: sync.progress,
    state: sync.state as SyncState,
    steps: sync.steps as SyncStep[],
    comparison: sync.comparison as SyncComparison | null,
  };
}

export function toProviderStatus(sync: NluSyncRecord): ProviderSyncStatus {
  return {
    provider: sync.provider,
    lastSyncTime: sync.finishedAt ?? sync.startedAt,
    lastSyncId: sync.syncId,
    isSyncInProgress: isSyncActive(sync),
    state: sync.state as SyncState,
    progress: sync.progress,
    steps: sync.steps as SyncStep[],
    comparison: sync.comparison as SyncComparison | null,
  };
}

/** Spec 04 section 3.10 from the latest sync of each provider. */
export function toBotSyncStatus(latest: readonly NluSyncRecord[], publishTo: string[]): BotSyncStatusView {
  const newest = [...latest].sort((a, b) => (a.startedAt < b.startedAt ? 1 : -1))[0];
  return {
    lastSyncId: newest?.syncId ?? null,
    providers: Object.fromEntries(latest.map((sync) => [sync.provider, toProviderStatus(sync)])),
    publishTo,
  };
}
