import {
  ENTITY_FILE_FIELD,
  ENTITY_FILE_FORMAT,
  ENTITY_FILE_VERSION,
  type EntityFile,
  type EntityFileEntry,
  type EntityView,
  entityContentProblem,
  entityFileName,
  entityFileSchema,
  entityNameField,
  ENTITY_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import { z } from 'zod';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { parseInput } from '../../http/validate';
import { changeBotContent, readBotContent } from './bot-content.service';
import { readJsonFile } from './content-file';
import { createEntityIn, requireCustomEntity } from './entities.service';
import { toEntityFileEntry, toEntityView } from './entity-views';
import { safeRegexChecker } from './safe-regex';

const prebuiltNotExported = 'Prebuilt entities are part of every bot and are not exported.';

/** GET /api/{bot}/entities/{name}/export: the entity as a file (docs/intent-and-entity-files.md). */
export async function exportEntity(
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<{ fileName: string; json: string }> {
  const content = await readBotContent(principal, botRef);
  const entity = await requireCustomEntity(content, name, prebuiltNotExported);
  const file: EntityFile & { exportedAt: string } = {
    format: ENTITY_FILE_FORMAT,
    version: ENTITY_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    entity: toEntityFileEntry(entity),
  };
  return { fileName: entityFileName(content.bot.botName, entity.name), json: JSON.stringify(file, null, 2) };
}

/** An entity file, checked by the rules that need no bot (its name may still be edited). */
export function readEntityFile(file: UploadedFile): EntityFileEntry {
  const { entity } = readJsonFile(file, entityFileSchema, ENTITY_FILE_FIELD, M.notAnEntityFile);
  const problem = entityContentProblem(entity.type, entity, 'create', safeRegexChecker);
  if (problem) throw validationError(`entity.${problem.field}`, problem.message);
  return entity;
}

/** POST /api/entities/import/staging: what the file holds, for the step where the name can be edited. */
export function stageEntityImport(file: UploadedFile): EntityFileEntry {
  return readEntityFile(file);
}

/** POST /api/{bot}/entities/{name}/import: the file's entity under the chosen name. */
export async function importEntity(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  newName: string,
  file: UploadedFile,
): Promise<EntityView> {
  const { name } = parseInput(z.object({ name: entityNameField }), { name: newName });
  const entry = readEntityFile(file);
  return changeBotContent(ctx, principal, botRef, 'entities', async (content) =>
    toEntityView(await createEntityIn(content, { ...entry, name }, { isImport: true })),
  );
}
