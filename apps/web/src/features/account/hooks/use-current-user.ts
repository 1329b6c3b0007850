import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saveUser, useSession } from '../../../api/session';
import { fetchUserInfo } from '../api/account-api';

export const USER_INFO_KEY = ['user-info'] as const;

/**
 * The signed-in user's info (GET /api/users/info). The saved copy shows at once; a fresh
 * one is loaded on every mount of the shell and saved again, so gates follow role changes.
 */
export function useCurrentUser() {
  const { user: savedUser } = useSession();
  const query = useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: ({ signal }) => fetchUserInfo(signal),
    initialData: savedUser ?? undefined,
    initialDataUpdatedAt: 0,
  });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (data && dataUpdatedAt > 0) saveUser(data);
  }, [data, dataUpdatedAt]);
  return query;
}
