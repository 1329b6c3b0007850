import type { UserInfo } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { defaultPageOf, isBuiltAdminPage, tabSetFor } from './admin-pages';

const user = (patch: Partial<UserInfo>) =>
  ({ isTenantAdmin: false, isMasterTenantAdmin: false, canSeeAdminPage: false, ...patch }) as UserInfo;

describe('administration pages', () => {
  test('only built pages exist in the address: Subscription and Billing are not yet', () => {
    expect(['bots', 'users', 'roles', 'general', 'llm-providers', 'tenants'].every(isBuiltAdminPage)).toBe(
      true,
    );
    expect(['subscription', 'billing', 'nonsense', undefined].some(isBuiltAdminPage)).toBe(false);
  });

  test.each([
    [
      'account',
      user({ isTenantAdmin: true }),
      ['bots', 'users', 'roles', 'general', 'llm-providers'],
      'bots',
    ],
    ['account', user({ canSeeAdminPage: true }), ['bots'], 'bots'],
    ['account', user({}), [], undefined],
    ['master', user({ isMasterTenantAdmin: true }), ['tenants', 'users'], 'tenants'],
    ['master', user({ isTenantAdmin: true }), [], undefined],
  ] as const)('%s tabs of %j', (mode, who, tabs, fallback) => {
    const set = tabSetFor(mode, who);
    expect(set).toEqual(tabs);
    expect(defaultPageOf(mode, set)).toBe(fallback);
  });
});
