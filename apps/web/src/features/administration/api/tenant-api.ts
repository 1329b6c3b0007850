import type { PermissionsData, TenantSettingsBody, TenantView } from '@parley/contracts';
import { api, apiRequest } from '../../../api/client';

/** The selected tenant (the General tab); the secret key comes only to its administrators. */
export const fetchTenant = (signal?: AbortSignal) => api.get<TenantView>('/api/tenant', signal);

export const saveTenantSettings = (body: TenantSettingsBody) =>
  api.put<TenantView>('/api/tenant/settings', body);

/** A new key replaces the old one at once. */
export const generateSecretKey = () => api.patch<{ secretKey: string }>('/api/tenant/secret-key');

/** Master administrators only; the status decides between logout (200) and the error message. */
export const deleteAccount = (tenantId: string) =>
  apiRequest<{ id: string }>('DELETE', `/api/tenant?id=${encodeURIComponent(tenantId)}`);

/** Names the master tenant, which can never be deleted. */
export const fetchPermissionsData = (signal?: AbortSignal) =>
  api.get<PermissionsData>('/api/user/permissions/data', signal);
