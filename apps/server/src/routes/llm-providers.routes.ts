import { llmProviderCredentialsBodySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { listProviderReadiness } from '../services/llms/providers/provider-readiness.service';
import {
  listTenantProviders,
  removeTenantProvider,
  saveTenantProvider,
} from '../services/llms/providers/tenant-llm-providers.service';

/**
 * LLM providers (issue 23): the tenant's own credentials, Account Administration's 'LLM providers'
 * section (tenant administrators), and which providers are ready for the create dialog.
 */
export function llmProvidersRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/tenant/llm-providers', { config: { access: 'tenantAdmin' } }, async (request) =>
    listTenantProviders(ctx, principalOf(request)),
  );

  app.put<{ Params: { provider: string } }>(
    '/api/tenant/llm-providers/:provider',
    { config: { access: 'tenantAdmin' } },
    async (request) =>
      saveTenantProvider(
        ctx,
        principalOf(request),
        textParam(request.params.provider, 'provider', 100),
        parseInput(llmProviderCredentialsBodySchema, request.body),
      ),
  );

  app.delete<{ Params: { provider: string } }>(
    '/api/tenant/llm-providers/:provider',
    { config: { access: 'tenantAdmin' } },
    async (request) =>
      removeTenantProvider(ctx, principalOf(request), textParam(request.params.provider, 'provider', 100)),
  );

  app.get('/api/llm/providers', { config: { access: 'authenticated' } }, async (request) =>
    listProviderReadiness(ctx, principalOf(request)),
  );
}
