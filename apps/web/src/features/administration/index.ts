/** What other features use of administration: they import it from here, never from its files. */
export { isSessionError, serverMessageOf } from './api/server-message';
export { fetchPermissionsData } from './api/tenant-api';
export type { AdminPage } from './components/admin-pages';
export { InlineSwitch } from './components/InlineSwitch';
export { ADMIN_KEYS } from './hooks/admin-query-keys';
export { useRowDeletion } from './hooks/use-row-deletion';
