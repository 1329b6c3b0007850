import { createTenantBodySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { createChildTenant, masterTenantInfo } from '../services/tenancy/master-tenant.service';

/** Tenant administration of the master tenant's administrators. */
export function masterTenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/master-tenant/info', { config: { access: 'masterAdmin' } }, async (request) =>
    masterTenantInfo(ctx, principalOf(request)),
  );

  app.post('/api/tenants', { config: { access: 'masterAdmin' } }, async (request) => {
    const { name } = parseInput(createTenantBodySchema, request.body);
    return createChildTenant(ctx, principalOf(request), name);
  });
}
