import {
  Permission,
  putObjectBodySchema,
  putVariablesBodySchema,
  VARIABLE_MESSAGES,
  validationError,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { putObject } from '../services/content/objects.service';
import {
  deleteVariableOrObject,
  putVariables,
  readVariablesAndObjects,
  variableUsage,
} from '../services/content/variables.service';

type BotParams = { Params: { bot: string } };
type ItemParams = { Params: { bot: string; name: string; isGlobal: string } };

/** Adding, changing and deleting; global ones need MakeGlobal too (checked by the services). */
const MANAGE: Access = { botPermission: Permission.ManageVariablesAndObjects };

/** The `{name}/{isGlobal}` of the delete calls; isGlobal is `true` or `false`. */
function target(kind: 'variable' | 'object', params: ItemParams['Params']) {
  const name = textParam(params.name, 'name', 200);
  if (params.isGlobal !== 'true' && params.isGlobal !== 'false')
    throw validationError('isGlobal', VARIABLE_MESSAGES.isGlobalFlag);
  return { kind, name, isGlobal: params.isGlobal === 'true' };
}

/** Variables and objects (spec 02 section 7 'Variables and objects'; docs/decisions.md). */
export function variablesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/:bot/variables/all', { config: { access: 'botMember' } }, async (request) =>
    readVariablesAndObjects(principalOf(request), botOf(request)),
  );

  app.put<BotParams>('/api/:bot/variables', { config: { access: MANAGE } }, async (request) =>
    putVariables(ctx, principalOf(request), botOf(request), parseInput(putVariablesBodySchema, request.body)),
  );

  app.delete<ItemParams>(
    '/api/:bot/variables/:name/:isGlobal',
    { config: { access: MANAGE } },
    async (request, reply) => {
      await deleteVariableOrObject(
        ctx,
        principalOf(request),
        botOf(request),
        target('variable', request.params),
      );
      return reply.status(204).send();
    },
  );

  app.put<BotParams>('/api/:bot/objects', { config: { access: MANAGE } }, async (request) =>
    putObject(ctx, principalOf(request), botOf(request), parseInput(putObjectBodySchema, request.body)),
  );

  app.delete<ItemParams>(
    '/api/:bot/objects/:name/:isGlobal',
    { config: { access: MANAGE } },
    async (request, reply) => {
      await deleteVariableOrObject(
        ctx,
        principalOf(request),
        botOf(request),
        target('object', request.params),
      );
      return reply.status(204).send();
    },
  );

  app.get<BotParams>('/api/:bot/statistics/variables', { config: { access: 'botMember' } }, async (request) =>
    variableUsage(principalOf(request), botOf(request)),
  );
}
