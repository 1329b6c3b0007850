import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error';
import { fetchNluAutomate, fetchNluResults } from '../api/nlu-performance-api';
import { NLU_PERFORMANCE_KEYS as K } from './nlu-performance-keys';

/** The latest finished test's results; null while no test has finished (the server's 404). */
export const useNluResults = (botName: string) =>
  useQuery({
    queryKey: K.results(botName),
    queryFn: async ({ signal }) => {
      try {
        return await fetchNluResults(botName, signal);
      } catch (error) {
        if (isApiError(error) && error.is('not-found_error')) return null;
        throw error;
      }
    },
    meta: { handlesErrors: true },
  });

/** NLU automate's latest decision and scores. */
export const useNluAutomate = (botName: string) =>
  useQuery({
    queryKey: K.automate(botName),
    queryFn: ({ signal }) => fetchNluAutomate(botName, signal),
    meta: { handlesErrors: true },
  });
