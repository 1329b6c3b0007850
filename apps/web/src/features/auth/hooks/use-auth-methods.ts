import { useQuery } from '@tanstack/react-query';
import { fetchAuthMethods } from '../api/auth-api';

/** The offered sign-in methods; the screens show their own message when these cannot load. */
export function useAuthMethods() {
  return useQuery({
    queryKey: ['auth-methods'],
    queryFn: fetchAuthMethods,
    meta: { handlesErrors: true },
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
