import { syncIdFor } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { fetchSyncStatus, startSync } from '../api/publishing-api';
import { PUBLISHING_KEYS } from './publishing-keys';
import { useSyncIdParam } from './use-sync-id-param';
import { isAnySyncActive, useSyncStatus } from './use-sync-status';

export interface PublishBot {
  /** Starts a publish to every provider of the bot (its recognizer and every configured one). */
  publish: () => void;
  /** A publish of this bot is running (started here, in another tab or by someone else). */
  isPublishing: boolean;
  /** The start requests are on their way. */
  isStarting: boolean;
}

/**
 * Publishing a bot's NLU model (spec 02 section 4): one sync id (botName|timestamp) for all
 * providers, set as the page's `syncId` query parameter; the publishing panel shows the steps.
 * A provider that refuses to start becomes a failed process of the panel, with its message.
 */
export function usePublishBot(botName: string): PublishBot {
  const queryClient = useQueryClient();
  const status = useSyncStatus(botName);
  const [, setSyncId] = useSyncIdParam();

  const start = useMutation({
    mutationFn: async () => {
      const current = await fetchSyncStatus(botName);
      const syncId = syncIdFor(botName);
      setSyncId(syncId);
      const failures: Record<string, string> = {};
      await Promise.all(
        current.publishTo.map((provider) =>
          startSync(botName, provider, syncId).catch((error: unknown) => {
            // A busy bot (409 cohesion) is the global handler's warning; other refusals show on the process.
            if (isApiError(error) && error.is('cohesion_error')) throw error;
            failures[provider] = isApiError(error) ? error.message : String(error);
          }),
        ),
      );
      queryClient.setQueryData(PUBLISHING_KEYS.startFailures(botName, syncId), failures);
      return syncId;
    },
    onError: () => setSyncId(null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUBLISHING_KEYS.status(botName) }),
  });

  return {
    publish: () => start.mutate(),
    isPublishing: isAnySyncActive(status.data),
    isStarting: start.isPending,
  };
}
