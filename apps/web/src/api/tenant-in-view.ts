import { TENANT_IN_VIEW_HEADER } from '@parley/contracts';
import { getSession, subscribeToSession } from './session';

/**
 * The tenant this tab's screens show. The selected tenant belongs to the user, so a switch in
 * another tab, window or device changes it under this tab: every call carries the tenant shown
 * (the server refuses a call for another one with a 409 naming the selected tenant), and when the
 * server or another tab tells of another selected tenant, this tab follows it with a notice
 * (docs/decisions.md 'Tenant switch in other tabs').
 */
export interface FollowedTenant {
  tenantId: string;
  name: string;
  /** The tenant shown before is not the user's any more (deleted, or left). */
  isShownGone?: boolean;
}

/** Where a tab tells the others of this browser that it selected a tenant. */
const SELECTED_KEY = 'parley.tenantSelected';

/**
 * Unknown when the app loads, whatever the saved user info says (it may be from before a switch
 * elsewhere): the first answer of the server tells, and a fresh page takes it without a notice.
 */
let shown: string | undefined;
let tokenOfShown = getSession().token;
/**
 * Counts this tab's own selections (and sign-ins): an answer to a call sent before the latest one
 * tells of the tenant before it, and is no news.
 */
let selections = 0;
const listeners = new Set<(tenant: FollowedTenant) => void>();

/** The header the API client adds to each call (none before the tenant is known). */
export const tenantInViewHeader = (): Record<string, string> =>
  shown ? { [TENANT_IN_VIEW_HEADER]: shown } : {};

/** The tenant this tab shows; undefined until the server told. */
export const shownTenant = (): string | undefined => shown;

/** Taken when a call is sent; its answer is news only if no selection happened in this tab since. */
export const selectionMark = (): number => selections;

/**
 * This tab selects a tenant (a switch, an accepted invitation); it shows it once the server agreed,
 * and tells the other tabs of this browser.
 */
export async function selectInThisTab<T>(tenant: FollowedTenant, select: () => Promise<T>): Promise<T> {
  selections += 1;
  const answer = await select();
  selections += 1;
  shown = tenant.tenantId;
  try {
    localStorage.setItem(SELECTED_KEY, JSON.stringify({ ...tenant, at: Date.now() }));
  } catch {
    // Storage full or refused: the other tabs learn it from their next call.
  }
  return answer;
}

/**
 * The selected tenant as the server answered a call sent at `mark`, or as another tab saved it:
 * another one than shown is followed.
 */
export function noticeSelectedTenant(tenant: FollowedTenant, mark: number = selections): void {
  if (mark !== selections) return;
  if (shown === undefined || shown === tenant.tenantId) {
    shown = tenant.tenantId;
    return;
  }
  shown = tenant.tenantId;
  for (const listener of listeners) listener(tenant);
}

/** Called when this tab has to follow a tenant selected elsewhere. */
export function onTenantFollowed(listener: (tenant: FollowedTenant) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// A new sign-in shows its own tenant.
subscribeToSession(() => {
  const { token, user } = getSession();
  if (token === tokenOfShown) return;
  tokenOfShown = token;
  shown = user?.selectedTenantId;
  selections += 1;
});

// Another tab of this browser selected a tenant.
window.addEventListener('storage', (event) => {
  if (event.key !== SELECTED_KEY || !event.newValue) return;
  try {
    const { tenantId, name } = JSON.parse(event.newValue) as FollowedTenant;
    if (typeof tenantId === 'string' && typeof name === 'string') noticeSelectedTenant({ tenantId, name });
  } catch {
    // A damaged entry tells nothing; the next answer of the server will.
  }
});
