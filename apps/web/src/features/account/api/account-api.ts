import type { ChangePasswordResponse, TenantInvitationView, UserInfo } from '@parley/contracts';
import { api } from '../../../api/client';

export const fetchUserInfo = (signal?: AbortSignal): Promise<UserInfo> =>
  api.get<UserInfo>('/api/users/info', signal);

export const selectTenant = (tenantId: string) =>
  api.put<unknown>('/api/users/selected-tenant', { tenantId });

/** The Hire-an-expert mail. */
export const sendGetMatchEmail = (userId: string) =>
  api.post<unknown>('/api/users/get-match-email', { userId });

/** Checks the current password and answers the reset screen's address with a fresh token. */
export const requestPasswordChange = (currentPassword: string) =>
  api.post<ChangePasswordResponse>('/api/user/password', { currentPassword });

/** An invitation to join a tenant, for the signed-in account it was mailed to. */
export const fetchInvitation = (token: string, signal?: AbortSignal) =>
  api.get<TenantInvitationView>(`/api/users/invitations/${encodeURIComponent(token)}`, signal);

export const acceptInvitation = (token: string) =>
  api.post<{ selectedTenantId: string }>(`/api/users/invitations/${encodeURIComponent(token)}/accept`, {});
