/** What other features use of account: they import it from here, never from its files. */
export { fetchUserInfo, selectTenant } from './api/account-api';
export { USER_INFO_KEY, useCurrentUser } from './hooks/use-current-user';
