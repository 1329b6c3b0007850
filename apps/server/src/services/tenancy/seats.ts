import { AppError, MESSAGES } from '@parley/contracts';
import type { Repositories } from '@parley/db';

const M = MESSAGES.admin;

/**
 * Seats: a tenant at its plan's maxFreeUsers takes no one more unless extra users cost extra.
 * Checked early for a clear answer, and again in the joining transaction under the tenant's lock.
 */
export async function assertSeatAvailable(repos: Repositories, tenantId: string): Promise<void> {
  const tenant = await repos.tenants.get(tenantId);
  const plan = tenant && (await repos.plans.get(tenant.planId));
  if (!plan) throw new AppError('users_limit_error', M.noPlan);
  if (plan.hasAdditionalUsersCost) return;
  if ((await repos.forTenant(tenantId).members.count()) >= plan.maxFreeUsers)
    throw new AppError('users_limit_error', M.seatsError);
}
