import { planHasImportExport } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchTenantPlan } from '../api/bot-bundle-api';

export const TENANT_PLAN_KEY = ['tenant', 'plan'] as const;

/**
 * Whether the plan lets the tenant export and import bots (metadata hasImportExport). Until
 * the plan has loaded, or when the account has none, the answer is no: the server would refuse.
 */
export function useCanImportExport(): boolean {
  const plan = useQuery({
    queryKey: TENANT_PLAN_KEY,
    queryFn: ({ signal }) => fetchTenantPlan(signal),
    // No plan is a state of the account, not an error to announce on the overview.
    meta: { handlesErrors: true },
  });
  return planHasImportExport(plan.data);
}
