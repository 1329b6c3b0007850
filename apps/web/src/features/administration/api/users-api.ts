import type { AddUserBody, AddUserResponse, AdministeredUser, BotRoleAssignment } from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';

const path = encodeURIComponent;

/** The Users tab of the selected tenant (account administrators). */
export const fetchTenantUsers = (signal?: AbortSignal) =>
  api.get<AdministeredUser[]>('/api/tenant/users', signal);

export const addUser = (body: AddUserBody) => api.post<AddUserResponse>('/api/users', body);

export const deleteUser = (email: string) => api.delete(`/api/users/${path(email)}`);

/** Flips the Account Administrator flag in the selected tenant. */
export const toggleTenantAdmin = (userEmail: string) =>
  api.put<AdministeredUser>('/api/users/tenant-admin', { userEmail });

export const setBotRole = (userEmail: string, botName: string, role: number) =>
  api.post<BotRoleAssignment>('/api/user/role', { userEmail, botName, role });

export const removeBotRole = (email: string, botName: string) =>
  api.delete(`/api/users/${path(email)}/roles/for-bot/${path(botName)}`);

export const AUDIT_LOG_FILE_NAME = 'users-log.csv';

/** GET /api/tenant/audit-log: the selected tenant's users log, as a download. */
export const downloadAuditLog = () => downloadFile('/api/tenant/audit-log', AUDIT_LOG_FILE_NAME);
