import {
  changeEntityNameBodySchema,
  createEntityBodySchema,
  ENTITY_FILE_FIELD,
  ENTITY_FILE_MAX_BYTES,
  ENTITY_MESSAGES,
  Permission,
  updateEntityBodySchema,
  updateEntityDescriptionBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendAttachment } from '../http/attachment';
import { readUploadedFile } from '../http/multipart';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  createEntity,
  deleteEntity,
  listEntities,
  renameEntity,
  updateEntity,
  updateEntityDescription,
} from '../services/content/entities.service';
import { exportEntity, importEntity, stageEntityImport } from '../services/content/entity-files.service';

type BotParams = { Params: { bot: string } };
type EntityParams = { Params: { bot: string; name: string } };

/** Editing entities: ManageEntities, or PublishIntentsAndEntities which allows it too (spec 02 section 6). */
const MANAGE: Access = { botPermission: [Permission.ManageEntities, Permission.PublishIntentsAndEntities] };
const EXPORT: Access = { botPermission: Permission.ExportEntities };

const nameParam = (value: string) => textParam(value, 'name', 200);
const readEntityFile = (request: Parameters<typeof readUploadedFile>[0]) =>
  readUploadedFile(
    request,
    ENTITY_FILE_FIELD,
    ENTITY_FILE_MAX_BYTES,
    ENTITY_MESSAGES.fileMissing(ENTITY_FILE_FIELD),
  );

/** Entities (spec 02 section 7 'Entities'). */
export function entitiesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/:bot/entities', { config: { access: 'botMember' } }, async (request) =>
    listEntities(principalOf(request), botOf(request)),
  );

  app.post<BotParams>('/api/:bot/entities', { config: { access: MANAGE } }, async (request) =>
    createEntity(ctx, principalOf(request), botOf(request), parseInput(createEntityBodySchema, request.body)),
  );

  app.put<BotParams>('/api/:bot/entities', { config: { access: MANAGE } }, async (request) =>
    updateEntity(ctx, principalOf(request), botOf(request), parseInput(updateEntityBodySchema, request.body)),
  );

  app.put<BotParams>('/api/:bot/entities/change-name', { config: { access: MANAGE } }, async (request) =>
    renameEntity(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(changeEntityNameBodySchema, request.body),
    ),
  );

  app.post<BotParams>(
    '/api/:bot/entities/update-description',
    { config: { access: MANAGE } },
    async (request) =>
      updateEntityDescription(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(updateEntityDescriptionBodySchema, request.body),
      ),
  );

  app.delete<EntityParams>(
    '/api/:bot/entities/:name',
    { config: { access: MANAGE } },
    async (request, reply) => {
      await deleteEntity(ctx, principalOf(request), botOf(request), nameParam(request.params.name));
      return reply.status(204).send();
    },
  );

  app.get<EntityParams>(
    '/api/:bot/entities/:name/export',
    { config: { access: EXPORT } },
    async (request, reply) => {
      const file = await exportEntity(principalOf(request), botOf(request), nameParam(request.params.name));
      return sendAttachment(reply, file.fileName, 'application/json; charset=utf-8', file.json);
    },
  );

  app.post('/api/entities/import/staging', { config: { access: 'authenticated' } }, async (request) =>
    stageEntityImport(await readEntityFile(request)),
  );

  app.post<EntityParams>('/api/:bot/entities/:name/import', { config: { access: MANAGE } }, async (request) =>
    importEntity(
      ctx,
      principalOf(request),
      botOf(request),
      nameParam(request.params.name),
      await readEntityFile(request),
    ),
  );
}
