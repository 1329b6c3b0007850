import { SYNC_POLL_MS } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { fetchSyncProgress } from '../api/publishing-api';
import { PUBLISHING_KEYS } from './publishing-keys';

/**
 * One provider's progress in a publish: polled every 4 s until done (spec 02 section 4); the
 * websocket push writes into the same cache entry, so a push shows at once. A 500 without a
 * catalogue code (a proxy's page, a restarting server) is retried; a 404 means the provider
 * has no sync in this publish.
 */
export const useSyncProgress = (botName: string, provider: string, syncId: string) =>
  useQuery({
    queryKey: PUBLISHING_KEYS.progress(botName, provider, syncId),
    queryFn: ({ signal }) => fetchSyncProgress(botName, provider, syncId, signal),
    refetchInterval: (query) => (query.state.data?.isDone ? false : SYNC_POLL_MS),
    retry: (count, error) =>
      !isApiError(error) || (error.status === 500 && error.is('internal_error') && count < 10),
    meta: { handlesErrors: true },
    staleTime: 0,
  });
