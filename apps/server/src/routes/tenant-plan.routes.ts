import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { tenantPlan } from '../services/tenancy/tenant-plan.service';

/** The selected tenant's plan (spec 01 section 7 'Tenant and subscription': GET /api/tenant/plan). */
export function tenantPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/tenant/plan', { config: { access: 'authenticated' } }, async (request) =>
    tenantPlan(ctx, principalOf(request)),
  );
}
