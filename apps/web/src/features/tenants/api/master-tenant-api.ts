import type { MasterTenantInfo, MasterTenantUser, TenantRoleValue, TenantView } from '@parley/contracts';
import { api } from '../../../api/client';

/** Tenants, accounts and counts for the master administrator's screens. */
export const fetchMasterTenantInfo = (signal?: AbortSignal) =>
  api.get<MasterTenantInfo>('/api/master-tenant/info', signal);

export const createTenant = (name: string) => api.post<TenantView>('/api/tenants', { name });

export const deleteTenant = (tenantId: string) =>
  api.delete<{ id: string }>(`/api/tenant/${encodeURIComponent(tenantId)}`);

/** Assigns tenants (a role), removes them (null) and sets per-tenant administrators, in one call. */
export const setUserTenantRoles = (userEmail: string, tenantRoles: Record<string, TenantRoleValue | null>) =>
  api.put<MasterTenantUser>('/api/users/tenant-roles', { userEmail, tenantRoles });
