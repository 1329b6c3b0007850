import {
  FUNCTION_FILE_FIELD,
  FUNCTION_FILE_MAX_BYTES,
  FUNCTION_MESSAGES,
  Permission,
  renameFunctionBodySchema,
  runFunctionBodySchema,
  saveFunctionBodySchema,
  updateFunctionDescriptionBodySchema,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendAttachment } from '../http/attachment';
import { readUploadedFile } from '../http/multipart';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  exportFunction,
  importFunction,
  isGlobalParam,
  stageFunctionImport,
} from '../services/functions/function-files.service';
import { unreachableFunctionHosts } from '../services/functions/function-hosts.service';
import { runBotFunction } from '../services/functions/function-run.service';
import { functionUsages, globalFunctionUsages } from '../services/functions/function-usages.service';
import {
  createFunction,
  deleteFunction,
  listFunctions,
  renameFunction,
  updateFunction,
  updateFunctionDescription,
} from '../services/functions/functions.service';

type BotParams = { Params: { bot: string } };
type FunctionParams = { Params: { bot: string; name: string } };

/**
 * Either permission of the pair lets a call through the guard; the service then asks for the
 * one the function's type needs (sub flows: ManageSubflows, ExportSubs).
 */
const MANAGE: Access = { botPermission: [Permission.ManageFunctions, Permission.ManageSubflows] };
const EXPORT: Access = { botPermission: [Permission.ExportFunctions, Permission.ExportSubs] };

const BASE = '/api/bots/:bot/functions';

const nameParam = (value: string) => textParam(value, 'name', 200);
const readFunctionFile = (request: FastifyRequest) =>
  readUploadedFile(
    request,
    FUNCTION_FILE_FIELD,
    FUNCTION_FILE_MAX_BYTES,
    FUNCTION_MESSAGES.fileMissing(FUNCTION_FILE_FIELD),
  );

/** Functions and sub flows (spec 02 section 7 'Functions'). */
export function functionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>(BASE, { config: { access: 'botMember' } }, async (request) =>
    listFunctions(principalOf(request), botOf(request)),
  );

  app.post<BotParams>(BASE, { config: { access: MANAGE } }, async (request) =>
    createFunction(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(saveFunctionBodySchema, request.body),
    ),
  );

  app.put<BotParams>(`${BASE}/name`, { config: { access: MANAGE } }, async (request) =>
    renameFunction(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(renameFunctionBodySchema, request.body),
    ),
  );

  app.post<BotParams>(`${BASE}/update-description`, { config: { access: MANAGE } }, async (request) =>
    updateFunctionDescription(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(updateFunctionDescriptionBodySchema, request.body),
    ),
  );

  app.get<FunctionParams>(
    `${BASE}/function-usages/:name`,
    { config: { access: 'botMember' } },
    async (request) => functionUsages(principalOf(request), botOf(request), nameParam(request.params.name)),
  );

  app.get<{ Params: { name: string } }>(
    '/api/bots/functions/function-usages/global/:name',
    { config: { access: 'authenticated' } },
    async (request) => globalFunctionUsages(principalOf(request), nameParam(request.params.name)),
  );

  app.put<FunctionParams>(`${BASE}/:name`, { config: { access: MANAGE } }, async (request) =>
    updateFunction(
      ctx,
      principalOf(request),
      botOf(request),
      nameParam(request.params.name),
      parseInput(saveFunctionBodySchema, request.body),
    ),
  );

  app.delete<FunctionParams>(`${BASE}/:name`, { config: { access: MANAGE } }, async (request, reply) => {
    await deleteFunction(ctx, principalOf(request), botOf(request), nameParam(request.params.name));
    return reply.status(204).send();
  });

  app.get<FunctionParams>(`${BASE}/:name/export`, { config: { access: EXPORT } }, async (request, reply) => {
    const file = await exportFunction(principalOf(request), botOf(request), nameParam(request.params.name));
    return sendAttachment(reply, file.fileName, 'application/json; charset=utf-8', file.json);
  });

  app.post('/api/functions/import/staging', { config: { access: 'authenticated' } }, async (request) =>
    stageFunctionImport(await readFunctionFile(request)),
  );

  app.post<{ Params: { bot: string; name: string; isGlobal: string } }>(
    `${BASE}/:name/import/:isGlobal`,
    { config: { access: MANAGE } },
    async (request) => {
      const name = nameParam(request.params.name);
      const isGlobal = isGlobalParam(request.params.isGlobal);
      return importFunction(
        ctx,
        principalOf(request),
        botOf(request),
        name,
        isGlobal,
        await readFunctionFile(request),
      );
    },
  );

  app.post<FunctionParams>(`${BASE}/:name/output`, { config: { access: MANAGE } }, async (request) =>
    runBotFunction(
      ctx,
      principalOf(request),
      botOf(request),
      nameParam(request.params.name),
      parseInput(runFunctionBodySchema, request.body),
    ),
  );

  // The test chat asks when it opens: a tester learns of a call that will fail before reaching it.
  app.get<BotParams>(
    '/api/bots/:bot/unreachable-function-hosts',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request) => unreachableFunctionHosts(ctx, principalOf(request), botOf(request)),
  );
}
