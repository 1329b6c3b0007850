import { tenantSettingsBodySchema, validationError } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendJsonValue, textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { auditLogFile } from '../services/tenancy/audit-log.service';
import {
  deleteTenant,
  isTenantDisabled,
  regenerateSecretKey,
  tenantView,
  updateTenantSettings,
} from '../services/tenancy/tenant.service';

/** The selected tenant: General tab, audit log and account deletion. */
export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/tenant', { config: { access: 'authenticated' } }, async (request) =>
    tenantView(ctx, principalOf(request)),
  );

  app.get('/api/tenant/disabled', { config: { access: 'authenticated' } }, async (request, reply) =>
    sendJsonValue(reply, await isTenantDisabled(ctx, principalOf(request))),
  );

  app.put('/api/tenant/settings', { config: { access: 'tenantAdmin' } }, async (request) =>
    updateTenantSettings(ctx, principalOf(request), parseInput(tenantSettingsBodySchema, request.body)),
  );

  app.patch('/api/tenant/secret-key', { config: { access: 'tenantAdmin' } }, async (request) =>
    regenerateSecretKey(ctx, principalOf(request)),
  );

  app.get('/api/tenant/audit-log', { config: { access: 'tenantAdmin' } }, async (request, reply) => {
    const { fileName, csv } = await auditLogFile(principalOf(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });

  // Only master administrators may delete an account (spec 01 section 6); no id: the selected one.
  app.delete<{ Querystring: { id?: unknown } }>(
    '/api/tenant',
    { config: { access: 'masterAdmin' } },
    async (request) => {
      const { id } = request.query;
      if (id !== undefined && typeof id !== 'string') throw validationError('id', 'id is not valid.');
      return deleteTenant(ctx, principalOf(request), id ? textParam(id, 'id', 100) : undefined);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/tenant/:id',
    { config: { access: 'masterAdmin' } },
    async (request) => deleteTenant(ctx, principalOf(request), textParam(request.params.id, 'id', 100)),
  );
}
