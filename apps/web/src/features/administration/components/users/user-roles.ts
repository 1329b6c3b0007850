import { ACCOUNT_ADMIN_ROLE_NAME, type AdministeredUser } from '@parley/contracts';

export const isAccountAdmin = (user: AdministeredUser, tenantId: string): boolean =>
  user.tenantRoles[tenantId] === 'admin';

export const tenantRoleLabel = (user: AdministeredUser, tenantId: string): string =>
  isAccountAdmin(user, tenantId) ? ACCOUNT_ADMIN_ROLE_NAME : 'User';
