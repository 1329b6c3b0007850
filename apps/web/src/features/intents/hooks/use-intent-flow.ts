import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { CONTENT_KEYS } from '../../bot-content/hooks/content-query-keys';
import { fetchIntentFlow } from '../api/intent-flow-api';

/** The selected intent's flow: its versions and activations (404 right after a rename is not an error). */
export function useIntentFlow(botName: string, intent: string) {
  const query = useQuery({
    queryKey: CONTENT_KEYS.intentFlow(botName, intent),
    queryFn: ({ signal }) => fetchIntentFlow(botName, intent, signal),
    meta: { handlesErrors: true },
  });
  return { ...query, isGone: isApiError(query.error) && query.error.status === 404 };
}
