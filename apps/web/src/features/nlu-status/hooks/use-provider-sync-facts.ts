import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { ProviderSyncFacts } from '../components/nlu-status-rows';
import { NLU_STATUS_KEYS } from './nlu-status-keys';

/** The bot's sync status (spec 02 section 7 'Synchronisation', spec 04 section 3.10). */
export const useProviderSyncFacts = (botName: string) =>
  useQuery({
    queryKey: [...NLU_STATUS_KEYS.bot(botName), 'sync'],
    queryFn: ({ signal }) =>
      api.get<ProviderSyncFacts>(`/api/synchronization/${encodeURIComponent(botName)}/status`, signal),
    meta: { handlesErrors: true },
  });
