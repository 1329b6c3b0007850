import {
  createRoleBodySchema,
  rolePermissionBodySchema,
  updateRolesBodySchema,
  validationError,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { idParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  addRolePermission,
  createRole,
  deleteRole,
  listRoles,
  removeRolePermission,
  updateRoles,
} from '../services/tenancy/roles.service';

type RoleParams = { Params: { roleId: string } };

/** The Roles tab: roles of the selected tenant and their permission sets. */
export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Everyone may read them: the bot role dialog of a user with permission 3 lists them.
  app.get('/api/tenant/roles', { config: { access: 'authenticated' } }, async (request) =>
    listRoles(principalOf(request)),
  );

  app.post('/api/tenant/roles', { config: { access: 'tenantAdmin' } }, async (request, reply) => {
    const { roleName } = parseInput(createRoleBodySchema, request.body);
    return reply.status(201).send(await createRole(principalOf(request), roleName));
  });

  app.put('/api/tenant/roles', { config: { access: 'tenantAdmin' } }, async (request, reply) => {
    const body = parseInput(updateRolesBodySchema, request.body);
    return reply.status(201).send(await updateRoles(principalOf(request), body));
  });

  app.delete<RoleParams>(
    '/api/tenant/roles/:roleId',
    { config: { access: 'tenantAdmin' } },
    async (request, reply) => {
      await deleteRole(ctx, principalOf(request), idParam(request.params.roleId, 'roleId'));
      return reply.status(204).send();
    },
  );

  app.post<RoleParams>(
    '/api/tenant/roles/:roleId/permissions',
    { config: { access: 'tenantAdmin' } },
    async (request, reply) => {
      const roleId = idParam(request.params.roleId, 'roleId');
      const body = parseInput(rolePermissionBodySchema, request.body);
      if (body.roleId !== undefined && body.roleId !== roleId)
        throw validationError('roleId', 'roleId in the body does not match the path.');
      return reply.status(201).send(await addRolePermission(principalOf(request), roleId, body.permissionId));
    },
  );

  app.delete<{ Params: { roleId: string; permissionId: string } }>(
    '/api/tenant/roles/:roleId/permissions/:permissionId',
    { config: { access: 'tenantAdmin' } },
    async (request) =>
      removeRolePermission(
        principalOf(request),
        idParam(request.params.roleId, 'roleId'),
        idParam(request.params.permissionId, 'permissionId'),
      ),
  );
}
