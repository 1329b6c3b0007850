import {
  type AuthMethods,
  type LogoutResponse,
  loginBodySchema,
  notFound,
  selectedTenantBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import { visibleTenantIds } from '../auth/principal';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { login } from '../services/accounts/auth.service';
import { directoryLogoutUrl } from '../services/accounts/directory.service';
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
  app.delete('/api/auth/logout', { config: { access: 'authenticated' } }, async (request, reply) => {
    const { sessionId } = principalOf(request);
    const directoryLogout = await directoryLogoutUrl(ctx, sessionId);
    await ctx.repos.sessions.revoke(sessionId);
    await ctx.principals.announce({ sessionIds: [sessionId] });
    if (!directoryLogout) return reply.status(204).send();
    const answer: LogoutResponse = { directoryLogoutUrl: directoryLogout };
    return answer;
  });

  app.get('/api/users/info', { config: { access: 'authenticated' } }, async (request) =>
    buildUserInfo(ctx.repos, principalOf(request)),
  );

  app.put('/api/users/selected-tenant', { config: { access: 'authenticated' } }, async (request) => {
    const { tenantId } = parseInput(selectedTenantBodySchema, request.body);
    const principal = principalOf(request);
    const visible = await visibleTenantIds(ctx.repos, principal.user.id);
    if (!visible.ids.includes(tenantId)) throw notFound('Tenant not found');
    await ctx.repos.users.update(principal.user.id, { selectedTenantId: tenantId });
    await ctx.principals.announce({ userIds: [principal.user.id] });
    return { selectedTenantId: tenantId };
  });
}
