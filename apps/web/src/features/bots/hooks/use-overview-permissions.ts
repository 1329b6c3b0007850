import { ALL_PERMISSION_IDS, type PermissionsData } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ADMIN_KEYS, fetchPermissionsData } from '../../administration';

/** The permission ids the caller holds on a bot, from the permissions payload (spec 01 section 3). */
export function permissionsOnBot(data: PermissionsData, botId: string): readonly number[] {
  if (data.userTenantRoles[data.tenant] === 'admin') return ALL_PERMISSION_IDS;
  const roleId = data.botRoles[botId];
  return roleId === undefined ? [] : (data.tenantRoles[roleId] ?? []);
}

/**
 * What the caller may do on each bot of the overview, in one call for all cards. While the
 * payload loads nobody may do anything, so no control shows that would then be refused.
 */
export function useOverviewPermissions() {
  const { data } = useQuery({
    queryKey: ADMIN_KEYS.permissions,
    queryFn: ({ signal }) => fetchPermissionsData(signal),
  });
  return useCallback(
    (botId: string, permissionId: number) => !!data && permissionsOnBot(data, botId).includes(permissionId),
    [data],
  );
}
