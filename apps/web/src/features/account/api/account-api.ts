import type { ChangePasswordResponse, TenantInvitationView, UserInfo } from '@parley/contracts';
import { api } from '../../../api/client';
import { getSession } from '../../../api/session';
import {
  noticeSelectedTenant,
  selectInThisTab,
  selectionMark,
  shownTenant,
} from '../../../api/tenant-in-view';

/** The user info; its selected tenant is news for this tab when it was switched elsewhere. */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const mark = selectionMark();
  const user = await api.get<UserInfo>('/api/users/info', signal);
  const shown = shownTenant();
  noticeSelectedTenant(
    {
      tenantId: user.selectedTenantId,
      name: user.selectedTenant.displayName,
      isShownGone: shown !== undefined && !user.visibleTenants.some((t) => t.id === shown),
    },
    mark,
  );
  return user;
}

/** Switches the selected tenant; this tab then shows it (other tabs follow: api/tenant-in-view.ts). */
export function selectTenant(tenantId: string): Promise<unknown> {
  const name = getSession().user?.visibleTenants.find((t) => t.id === tenantId)?.displayName ?? tenantId;
  return selectInThisTab({ tenantId, name }, () =>
    api.put<unknown>('/api/users/selected-tenant', { tenantId }),
  );
}

/** The Hire-an-expert mail. */
export const sendGetMatchEmail = (userId: string) =>
  api.post<unknown>('/api/users/get-match-email', { userId });

/** Checks the current password and answers the reset screen's address with a fresh token. */
export const requestPasswordChange = (currentPassword: string) =>
  api.post<ChangePasswordResponse>('/api/user/password', { currentPassword });

/** An invitation to join a tenant, for the signed-in account it was mailed to. */
export const fetchInvitation = (token: string, signal?: AbortSignal) =>
  api.get<TenantInvitationView>(`/api/users/invitations/${encodeURIComponent(token)}`, signal);

/** Accepting an invitation selects its tenant (the one the invitation names): this tab shows it. */
export const acceptInvitation = (token: string, tenant: { tenantId: string; name: string }) =>
  selectInThisTab(tenant, () =>
    api.post<{ selectedTenantId: string }>(`/api/users/invitations/${encodeURIComponent(token)}/accept`, {}),
  );
