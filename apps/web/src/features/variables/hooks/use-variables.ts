import type { VariablesAndObjects } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchVariablesAndObjects } from '../api/variables-api';
import { variablesKey } from './variable-query-keys';

export const useVariablesAndObjects = (botName: string) =>
  useQuery({
    queryKey: variablesKey(botName),
    queryFn: ({ signal }) => fetchVariablesAndObjects(botName, signal),
  });

/**
 * Keeps the page on what the server answered: a change answers the whole state, which becomes
 * the cache; a deletion answers nothing, so the state is read again.
 */
export function useVariablesCache(botName: string) {
  const queryClient = useQueryClient();
  const store = useCallback(
    (answer: VariablesAndObjects) => queryClient.setQueryData(variablesKey(botName), answer),
    [queryClient, botName],
  );
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: variablesKey(botName) }),
    [queryClient, botName],
  );
  return { store, reload };
}
