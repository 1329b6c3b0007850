import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USER_INFO_KEY } from '../../account';
import { connectTenantEvents } from '../realtime/tenant-events-socket';
import { MASTER_TENANT_INFO_KEY } from './use-master-tenant-info';

/**
 * Live tenant list for master administrators: another administrator creating or deleting a
 * tenant reloads the list here (and the account switcher's tenants).
 */
export function useTenantEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: MASTER_TENANT_INFO_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
    };
    return connectTenantEvents({ onChange: refresh, onReconnected: refresh });
  }, [queryClient]);
}
