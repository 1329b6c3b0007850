import { useQuery } from '@tanstack/react-query';
import { fetchNluAutomate, fetchNluResults } from '../api/nlu-performance-api';
import { NLU_PERFORMANCE_KEYS as K } from './nlu-performance-keys';

/**
 * The latest finished test's results, read only once the status says a test finished
 * (`hasResults`): before the first test there is nothing to ask for.
 */
export const useNluResults = (botName: string, hasResults: boolean) =>
  useQuery({
    queryKey: K.results(botName),
    queryFn: ({ signal }) => fetchNluResults(botName, signal),
    enabled: hasResults,
    meta: { handlesErrors: true },
  });

/** NLU automate's latest decision and scores. */
export const useNluAutomate = (botName: string) =>
  useQuery({
    queryKey: K.automate(botName),
    queryFn: ({ signal }) => fetchNluAutomate(botName, signal),
    meta: { handlesErrors: true },
  });
