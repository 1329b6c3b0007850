import {
  createIntentBodySchema,
  type EntityFileEntry,
  entitiesUsedIn,
  entityContentProblem,
  INTENT_FILE_FIELD,
  INTENT_FILE_FORMAT,
  INTENT_FILE_VERSION,
  type IntentFile,
  type IntentImportResult,
  type IntentImportStaging,
  intentFileName,
  intentFileSchema,
  isNoneIntent,
  isValidIntentName,
  INTENT_MESSAGES as M,
  Permission,
  permissionDenied,
  prebuiltEntityNamed,
  validationError,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { parseInput } from '../../http/validate';
import { loadBot, permissionsOnBot } from '../bots/bot-access.service';
import { intentSubjectIn } from '../flows/flow-subject';
import { saveFlow } from '../flows/flows.service';
import { changeBotContent, readBotContent } from './bot-content.service';
import { readJsonFile } from './content-file';
import { createEntityIn } from './entities.service';
import { toEntityFileEntry } from './entity-views';
import { toIntentView } from './intent-views';
import { createIntentIn, requireIntent } from './intents.service';
import { safeRegexChecker } from './safe-regex';

/**
 * GET /api/{bot}/intents/{intent}/export: the intent and the custom entities its patterns use,
 * as one file (docs/intent-and-entity-files.md). None is never exported.
 */
export async function exportIntent(
  principal: Principal,
  botRef: BotRef,
  intentName: string,
): Promise<{ fileName: string; json: string }> {
  const content = await readBotContent(principal, botRef);
  const intent = await requireIntent(content, intentName);
  if (isNoneIntent(intent.name)) throw validationError('intent', M.cannotExportNone);
  const view = toIntentView(intent);
  const latest = await content.scope.flows.latest({ kind: 'intent', id: intent.id });
  const used = new Set(view.entities.map((name) => name.toLowerCase()));
  const entities = (await content.entities.list()).filter((e) => used.has(e.name.toLowerCase()));
  const file: IntentFile & { exportedAt: string } = {
    format: INTENT_FILE_FORMAT,
    version: INTENT_FILE_VERSION,
    exportedAt: new Date().toISOString(),
    intent: {
      name: view.name,
      description: view.description,
      isRedirect: view.isRedirect,
      type: view.type,
      answer: view.answer,
      utterances: view.utterances.map((u) => u.text),
      patterns: view.patterns.map((p) => p.text),
    },
    entities: entities.map(toEntityFileEntry),
    flow: latest ? { xml: latest.xml } : null,
  };
  return { fileName: intentFileName(content.bot.botName, intent.name), json: JSON.stringify(file, null, 2) };
}

/**
 * An intent file checked by every rule that needs no bot: the examples and answer by the
 * create rules, each entity's name and content (regexes by RE2). The intent's own name is
 * checked when it is imported, since the import step lets it be edited.
 */
export function readIntentFile(file: UploadedFile): IntentFile {
  const parsed = readJsonFile(file, intentFileSchema, INTENT_FILE_FIELD, M.notAnIntentFile);
  // Any valid name stands in for the one the author may still change.
  const name = isValidIntentName(parsed.intent.name) ? parsed.intent.name : 'Imported';
  parseInput(createIntentBodySchema, { ...parsed.intent, name });
  for (const entity of parsed.entities) {
    const problem = entityContentProblem(entity.type, entity, 'create', safeRegexChecker);
    if (problem) throw validationError(`entities.${problem.field}`, problem.message);
  }
  return parsed;
}

/** POST /api/intents/import/staging. */
export function stageIntentImport(file: UploadedFile): IntentImportStaging {
  const { intent } = readIntentFile(file);
  return {
    name: intent.name,
    description: intent.description,
    type: intent.type,
    isRedirect: intent.isRedirect,
    utterances: intent.utterances.length,
    patterns: intent.patterns.length,
    entities: entitiesUsedIn(intent.patterns),
  };
}

/**
 * POST /api/{bot}/intents/{name}/import: the file's intent under the chosen name. Its entities
 * that the bot lacks are created by the entity rules (which needs the entities permission too);
 * those the bot has are used as they are.
 */
export async function importIntent(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  newName: string,
  file: UploadedFile,
): Promise<IntentImportResult> {
  const parsed = readIntentFile(file);
  const body = parseInput(createIntentBodySchema, { ...parsed.intent, name: newName });
  const permissions = await permissionsOnBot(principal, await loadBot(principal, botRef));
  const mayCreateEntities = [Permission.ManageEntities, Permission.PublishIntentsAndEntities].some((p) =>
    permissions.includes(p),
  );
  return changeBotContent(ctx, principal, botRef, 'intents', async (content) => {
    const missing: EntityFileEntry[] = [];
    for (const entry of parsed.entities) {
      if (!prebuiltEntityNamed(entry.name) && !(await content.entities.get(entry.name))) missing.push(entry);
    }
    if (missing.length > 0 && !mayCreateEntities) throw permissionDenied(Permission.ManageEntities);
    // The intent's name first: the spec's import rule is that it must not exist among intents.
    const intentExists = (await content.intents.idOf(body.name)) !== undefined || isNoneIntent(body.name);
    if (intentExists) throw validationError('name', M.nameTaken);
    for (const entry of missing) await createEntityIn(content, entry, { isImport: true });
    const intent = await createIntentIn(content, body);
    // The file's flow becomes version 1, checked and stored as a save would (faulty is kept).
    if (parsed.flow && intent.type === 'normal') {
      await saveFlow(principal, intentSubjectIn(content, intent), {
        xml: parsed.flow.xml,
        status: 'unpublished',
      });
    }
    return { intent: toIntentView(intent), entities: missing.map((e) => e.name) };
  });
}
