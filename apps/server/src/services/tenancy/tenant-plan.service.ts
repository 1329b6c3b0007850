import { AppError, BOT_BUNDLE_MESSAGES, notFound, type Plan, planHasImportExport } from '@parley/contracts';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';

/** The selected tenant's plan; undefined when it has none. */
export async function planOf(ctx: AppContext, principal: Principal): Promise<Plan | undefined> {
  const tenant = await ctx.repos.tenants.get(principal.tenantId);
  return tenant && ctx.repos.plans.get(tenant.planId);
}

/** GET /api/tenant/plan: the caps and feature flags the web app follows (Import a bot, Export Bot). */
export async function tenantPlan(ctx: AppContext, principal: Principal): Promise<Plan> {
  const plan = await planOf(ctx, principal);
  if (!plan) throw notFound('This account has no plan.');
  return plan;
}

/**
 * Export and import of whole bots are a plan feature (metadata hasImportExport, spec 01 section 2):
 * without it they answer 403 custom_error with `planFeature`.
 */
export async function requireImportExport(ctx: AppContext, principal: Principal): Promise<void> {
  const plan = await planOf(ctx, principal);
  if (!planHasImportExport(plan))
    throw new AppError(
      'custom_error',
      BOT_BUNDLE_MESSAGES.notInPlan,
      { planFeature: 'hasImportExport' },
      403,
    );
}
