import { queryClient } from '../../api/query-client';
import { clearSession, getToken } from '../../api/session';
import { logOutOnServer } from './api/auth-api';

/**
 * Ends the session on the server (best effort: an already expired session is just as
 * ended) and forgets it on this device, with every cached answer of that user.
 */
export function endSession(): void {
  if (getToken()) void logOutOnServer().catch(() => undefined);
  clearSession();
  queryClient.clear();
}
