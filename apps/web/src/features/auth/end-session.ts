import { queryClient } from '../../api/query-client';
import { clearSession, getToken } from '../../api/session';
import { logOutOnServer } from './api/auth-api';

/**
 * Ends the session on the server and forgets it on this device, with every cached answer of
 * that user. Answers where the directory ends its own session when the session came through
 * the directory. The server's answer is best effort: an already expired session is just as
 * ended, so callers that do not care need not wait for it.
 */
export async function endSession(): Promise<string | undefined> {
  const logout = getToken() ? logOutOnServer().catch(() => undefined) : Promise.resolve(undefined);
  clearSession();
  queryClient.clear();
  return (await logout)?.directoryLogoutUrl;
}
