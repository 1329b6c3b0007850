import type { UserInfo } from '@parley/contracts';
import type { AdminPage } from '../../administration';
import { useTenantEvents } from '../hooks/use-tenant-events';
import { MasterUsersTab } from './MasterUsersTab';
import { TenantsTab } from './TenantsTab';
import './tenants.css';

/** The tabs of /master-configuration, kept live by the tenant events while the page is open. */
export function MasterPanel({ page, user }: { page: AdminPage; user: UserInfo }) {
  useTenantEvents();
  if (page === 'tenants') return <TenantsTab user={user} />;
  if (page === 'users') return <MasterUsersTab user={user} />;
  return null;
}
