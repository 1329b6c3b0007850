import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { handleApiError } from './error-reactions';
import { isRequestTimeout } from './request-timeout';

declare module '@tanstack/react-query' {
  interface Register {
    /** `handlesErrors`: the screen shows its own message, so the global handler stays quiet. */
    queryMeta: { handlesErrors?: boolean };
    mutationMeta: { handlesErrors?: boolean };
  }
}

/** Server state lives here; failures go to the global error handler unless a screen handles them. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!query.meta?.handlesErrors) handleApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.handlesErrors) handleApiError(error);
    },
  }),
  defaultOptions: {
    queries: {
      // An answer from the server will not change on retry; a dropped connection might. A call
      // that timed out has kept the screen waiting long enough: it says so at once.
      retry: (failureCount, error) => !isApiError(error) && !isRequestTimeout(error) && failureCount < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
