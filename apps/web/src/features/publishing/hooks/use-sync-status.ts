import { type BotSyncStatusView, SYNC_POLL_MS } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchSyncStatus } from '../api/publishing-api';
import { PUBLISHING_KEYS } from './publishing-keys';

export const isAnySyncActive = (status: BotSyncStatusView | undefined) =>
  Object.values(status?.providers ?? {}).some((p) => p.isSyncInProgress);

/** The bot's publishing state; refreshed every 4 s while a sync is active (pushes refresh it sooner). */
export const useSyncStatus = (botName: string) =>
  useQuery({
    queryKey: PUBLISHING_KEYS.status(botName),
    queryFn: ({ signal }) => fetchSyncStatus(botName, signal),
    refetchInterval: (query) => (isAnySyncActive(query.state.data) ? SYNC_POLL_MS : false),
    staleTime: 0,
  });
