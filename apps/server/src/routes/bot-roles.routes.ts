import { botRoleBodySchema, Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { emailParam, textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  assignBotRole,
  permissionsData,
  removeBotRole,
  uniqueBotRoles,
  uniqueRoles,
  usersForBot,
} from '../services/bots/bot-roles.service';

/** Bot roles of users, and what the caller may do (spec 01 section 6). */
export function botRolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/user/permissions/data', { config: { access: 'authenticated' } }, async (request) =>
    permissionsData(ctx, principalOf(request)),
  );

  app.get('/api/user/unique-roles', { config: { access: 'authenticated' } }, async (request) =>
    uniqueRoles(principalOf(request)),
  );

  app.get('/api/user/unique/bot/roles', { config: { access: 'authenticated' } }, async (request) =>
    uniqueBotRoles(principalOf(request)),
  );

  // The bot is named in the body, so the service checks permission 3 itself.
  app.post('/api/user/role', { config: { access: 'authenticated' } }, async (request) =>
    assignBotRole(ctx, principalOf(request), parseInput(botRoleBodySchema, request.body)),
  );

  app.delete<{ Params: { email: string; botName: string } }>(
    '/api/users/:email/roles/for-bot/:botName',
    { config: { access: { botPermission: Permission.ManageBotPermissions } } },
    async (request, reply) => {
      await removeBotRole(ctx, principalOf(request), emailParam(request.params.email), botOf(request));
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { tenantId: string; botId: string } }>(
    '/api/tenants/usersForBot/:tenantId/:botId',
    { config: { access: 'authenticated' } },
    async (request) =>
      usersForBot(
        ctx,
        principalOf(request),
        textParam(request.params.tenantId, 'tenantId', 100),
        textParam(request.params.botId, 'botId'),
      ),
  );
}
