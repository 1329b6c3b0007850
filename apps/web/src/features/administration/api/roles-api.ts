import type { RoleView } from '@parley/contracts';
import { api, apiRequest } from '../../../api/client';

/** Roles of the selected tenant; the virtual Account administrator (id 0) comes first. */
export const fetchRoles = (signal?: AbortSignal) => api.get<RoleView[]>('/api/tenant/roles', signal);

/** Answers 201 with the new role's id. */
export const createRole = (roleName: string) =>
  api.post<{ roleId: number }>('/api/tenant/roles', { roleName });

/** Replaces the permission sets; the status tells 'Saved!' (201) from anything else. */
export const saveRoles = (roles: Array<{ roleId: number; permissions: number[] }>) =>
  apiRequest<RoleView[]>('PUT', '/api/tenant/roles', { body: { roles } });

export const deleteRole = (roleId: number) => api.delete(`/api/tenant/roles/${roleId}`);
