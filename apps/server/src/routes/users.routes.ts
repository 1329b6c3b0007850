import {
  addUserBodySchema,
  autoPublishBodySchema,
  autoValidationBodySchema,
  getMatchBodySchema,
  tenantRolesBodySchema,
  userEmailBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { emailParam, sendJsonValue, textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { sendGetMatchedMail } from '../services/accounts/get-matched.service';
import { readPreference, writePreference } from '../services/accounts/user-preferences.service';
import { getTenantUser, listTenantUsers } from '../services/tenancy/administered-user.service';
import { acceptInvitation, viewInvitation } from '../services/tenancy/tenant-invitations.service';
import {
  addUser,
  removeUser,
  setTenantRoles,
  toggleTenantAdmin,
} from '../services/tenancy/tenant-users.service';

type EmailParams = { Params: { email: string } };

/** The Users tab (account administrators) and the caller's own user switches. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/users', { config: { access: 'tenantAdmin' } }, async (request) =>
    addUser(ctx, principalOf(request), parseInput(addUserBodySchema, request.body)),
  );

  app.get('/api/tenant/users', { config: { access: 'tenantAdmin' } }, async (request) =>
    listTenantUsers(ctx.repos, principalOf(request)),
  );

  app.get<EmailParams>('/api/tenant/users/:email', { config: { access: 'tenantAdmin' } }, async (request) =>
    getTenantUser(ctx.repos, principalOf(request), emailParam(request.params.email)),
  );

  app.delete<EmailParams>(
    '/api/users/:email',
    { config: { access: 'tenantAdmin' } },
    async (request, reply) => {
      await removeUser(ctx, principalOf(request), emailParam(request.params.email));
      return reply.status(204).send();
    },
  );

  app.put('/api/users/tenant-admin', { config: { access: 'tenantAdmin' } }, async (request) => {
    const { userEmail } = parseInput(userEmailBodySchema, request.body);
    return toggleTenantAdmin(ctx, principalOf(request), userEmail);
  });

  app.put('/api/users/tenant-roles', { config: { access: 'masterAdmin' } }, async (request) =>
    setTenantRoles(ctx, principalOf(request), parseInput(tenantRolesBodySchema, request.body)),
  );

  app.get('/api/users/is-tenant-admin', { config: { access: 'authenticated' } }, async (request, reply) =>
    sendJsonValue(reply, principalOf(request).isTenantAdmin),
  );

  app.get('/api/users/auto-publish', { config: { access: 'authenticated' } }, async (request) => ({
    autoPublish: await readPreference(ctx, principalOf(request), 'autoPublish'),
  }));
  app.put('/api/users/auto-publish', { config: { access: 'authenticated' } }, async (request) => {
    const { autoPublish } = parseInput(autoPublishBodySchema, request.body);
    return { autoPublish: await writePreference(ctx, principalOf(request), 'autoPublish', autoPublish) };
  });

  app.get('/api/users/auto-validation', { config: { access: 'authenticated' } }, async (request) => ({
    autoValidation: await readPreference(ctx, principalOf(request), 'autoValidation'),
  }));
  app.put('/api/users/auto-validation', { config: { access: 'authenticated' } }, async (request) => {
    const { autoValidation } = parseInput(autoValidationBodySchema, request.body);
    return {
      autoValidation: await writePreference(ctx, principalOf(request), 'autoValidation', autoValidation),
    };
  });

  // An invitation to join a tenant, for the account it was mailed to (tenant-invitations.service.ts).
  app.get<{ Params: { token: string } }>(
    '/api/users/invitations/:token',
    { config: { access: 'authenticated' } },
    async (request) =>
      viewInvitation(ctx, principalOf(request), textParam(request.params.token, 'token', 200)),
  );
  app.post<{ Params: { token: string } }>(
    '/api/users/invitations/:token/accept',
    { config: { access: 'authenticated' } },
    async (request) =>
      acceptInvitation(ctx, principalOf(request), textParam(request.params.token, 'token', 200)),
  );

  app.post('/api/users/get-match-email', { config: { access: 'authenticated' } }, async (request, reply) => {
    const { userId } = parseInput(getMatchBodySchema, request.body);
    await sendGetMatchedMail(ctx, principalOf(request), userId);
    return reply.status(204).send();
  });
}
