import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { BOT_KEYS } from '../../bots';
import { fetchNluProviders, fetchNluStatus } from '../api/nlu-status-api';
import { NLU_STATUS_KEYS } from './nlu-status-keys';

export const useNluProviders = (botName: string) =>
  useQuery({
    queryKey: NLU_STATUS_KEYS.providers(botName),
    queryFn: ({ signal }) => fetchNluProviders(botName, signal),
  });

/**
 * The status of each listed provider. A provider Parley cannot configure (yet) answers a 400
 * whose message the row shows, so these queries report their errors themselves.
 */
export const useNluStatuses = (botName: string, providers: readonly string[]) =>
  useQueries({
    queries: providers.map((provider) => ({
      queryKey: NLU_STATUS_KEYS.status(botName, provider),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchNluStatus(botName, provider, signal),
      meta: { handlesErrors: true },
      retry: false,
    })),
  });

/** After Configure or Remove: the providers, every status, and the bot (its published flag). */
export function useNluStatusRefresh(botName: string): () => Promise<void> {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: NLU_STATUS_KEYS.bot(botName) }),
      client.invalidateQueries({ queryKey: BOT_KEYS.bot(botName) }),
    ]);
  };
}
