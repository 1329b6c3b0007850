import { type QueryKey, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { fetchFlow } from '../api/flow-api';

/** A flow's versions and activations (404 right after a rename or delete is not an error). */
export function useFlow(queryKey: QueryKey, flowPath: string) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchFlow(flowPath, signal),
    meta: { handlesErrors: true },
  });
  return { ...query, isGone: isApiError(query.error) && query.error.status === 404 };
}
