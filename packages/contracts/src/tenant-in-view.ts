/**
 * A web app tab sends the tenant its screens show with every call. The selected tenant belongs to
 * the user, not to the tab: when it was switched elsewhere (another tab, window or device), a call
 * from a tab still showing the old one is refused instead of reaching the other tenant, and the
 * tab follows (docs/decisions.md 'Tenant switch in other tabs').
 */
export const TENANT_IN_VIEW_HEADER = 'X-Parley-Tenant';

/** The 409 cohesion_error's data when the tab's tenant is no longer the selected one. */
export interface TenantSwitchedData {
  selectedTenantId: string;
  selectedTenantName: string;
  /** 'gone' when the tenant the tab shows is not the user's any more (deleted, or left). */
  reason: 'switched' | 'gone';
}

export const isTenantSwitchedData = (
  data: Record<string, unknown>,
): data is Record<string, unknown> & TenantSwitchedData =>
  typeof data.selectedTenantId === 'string' &&
  typeof data.selectedTenantName === 'string' &&
  (data.reason === 'switched' || data.reason === 'gone');
