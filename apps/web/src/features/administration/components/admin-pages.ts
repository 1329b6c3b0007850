import type { UserInfo } from '@parley/contracts';

/** The page segment of /configuration/{page} and /master-configuration/{page} (spec 01 section 2). */
export const ADMIN_PAGES = [
  'bots',
  'users',
  'roles',
  'general',
  'llm-providers',
  'subscription',
  'tenants',
  'billing',
] as const;
export type AdminPage = (typeof ADMIN_PAGES)[number];

/** account: /configuration (the selected tenant); master: /master-configuration (every tenant). */
export type AdminMode = 'account' | 'master';

export const ADMIN_BASE_PATH: Record<AdminMode, string> = {
  account: '/configuration',
  master: '/master-configuration',
};

export const ADMIN_PAGE_LABELS: Record<AdminPage, string> = {
  bots: 'Bots',
  users: 'Users',
  roles: 'Roles',
  general: 'General',
  'llm-providers': 'LLM providers',
  subscription: 'Subscription',
  tenants: 'Tenants',
  billing: 'Billing',
};

/**
 * Tabs that exist yet. Subscription and Billing come with the plans issue; until then they are
 * left out of every tab set (docs/decisions.md).
 */
const BUILT_PAGES: ReadonlySet<AdminPage> = new Set<AdminPage>([
  'bots',
  'users',
  'roles',
  'general',
  'llm-providers',
  'tenants',
]);

export const isAdminPage = (value: string | undefined): value is AdminPage =>
  (ADMIN_PAGES as readonly string[]).includes(value ?? '');

/** A page that exists in this build: anything else in the address is a 404. */
export const isBuiltAdminPage = (value: string | undefined): value is AdminPage =>
  isAdminPage(value) && BUILT_PAGES.has(value);

/**
 * The spec's tab sets, without the pages not built yet, and with the tenant's LLM providers
 * (issue 23) for its administrators. A plain user has Bots only when they
 * manage permissions on some bot (the server's canSeeAdminPage); else no tab at all.
 */
export function tabSetFor(mode: AdminMode, user: UserInfo): AdminPage[] {
  let pages: AdminPage[];
  if (mode === 'master') pages = user.isMasterTenantAdmin ? ['tenants', 'users', 'billing'] : [];
  else if (user.isTenantAdmin) pages = ['bots', 'users', 'roles', 'general', 'llm-providers', 'subscription'];
  else pages = user.canSeeAdminPage ? ['bots'] : [];
  return pages.filter((page) => BUILT_PAGES.has(page));
}

/** Bots by default, Tenants for the master administrator; the first tab while that one is missing. */
export function defaultPageOf(mode: AdminMode, tabs: AdminPage[]): AdminPage | undefined {
  const preferred: AdminPage = mode === 'master' ? 'tenants' : 'bots';
  return tabs.includes(preferred) ? preferred : tabs[0];
}
