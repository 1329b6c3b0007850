import { useQuery } from '@tanstack/react-query';
import { fetchMasterTenantInfo } from '../api/master-tenant-api';

export const MASTER_TENANT_INFO_KEY = ['master-tenant', 'info'] as const;

export const useMasterTenantInfo = () =>
  useQuery({ queryKey: MASTER_TENANT_INFO_KEY, queryFn: ({ signal }) => fetchMasterTenantInfo(signal) });
