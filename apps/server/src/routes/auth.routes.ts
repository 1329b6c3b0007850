import {
  type AuthMethods,
  type LogoutResponse,
  loginBodySchema,
  selectedTenantBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { login, logout, selectTenant } from '../services/accounts/auth.service';
import { buildUserInfo } from '../services/accounts/user-info.service';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/auth/methods', { config: { access: 'public' } }, async (): Promise<AuthMethods> => {
    if (!ctx.config.oidc) return { methods: ['platform'] };
    return { methods: ['platform', 'microsoft'], directoryLoginUrl: '/api/auth/directory/start' };
  });

  app.get('/api/app-registration', { config: { access: 'public' } }, async () => ({
    tenant: ctx.config.oidc?.tenant ?? null,
    clientId: ctx.config.oidc?.clientId ?? null,
  }));

  app.post('/api/auth/login', { config: { access: 'public' } }, async (request) => {
    return login(ctx, parseInput(loginBodySchema, request.body), request.ip);
  });

  // 204; a directory session answers 200 with where the browser ends the directory's session too.
  app.delete(
    '/api/auth/logout',
    { config: { access: 'authenticated', isTenantNeutral: true } },
    async (request, reply) => {
      const { directoryLogoutUrl } = await logout(ctx, principalOf(request));
      if (!directoryLogoutUrl) return reply.status(204).send();
      const answer: LogoutResponse = { directoryLogoutUrl };
      return answer;
    },
  );

  app.get(
    '/api/users/info',
    { config: { access: 'authenticated', isTenantNeutral: true } },
    async (request) => buildUserInfo(ctx.repos, principalOf(request)),
  );

  app.put(
    '/api/users/selected-tenant',
    { config: { access: 'authenticated', isTenantNeutral: true } },
    async (request) => {
      const { tenantId } = parseInput(selectedTenantBodySchema, request.body);
      return selectTenant(ctx, principalOf(request), tenantId);
    },
  );
}
