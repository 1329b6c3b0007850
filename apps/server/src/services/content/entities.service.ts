import {
  type ChangeEntityNameBody,
  type CreateEntityBody,
  CUSTOM_ENTITY_TYPES,
  type CustomEntityType,
  type EntityContent,
  type EntityFileEntry,
  type EntityView,
  entityContentProblem,
  isValidEntityName,
  ENTITY_MESSAGES as M,
  normaliseEntityContent,
  notFound,
  prebuiltEntityNamed,
  renameEntityInPattern,
  type UpdateEntityBody,
  type UpdateEntityDescriptionBody,
  usesEntity,
  validationError,
} from '@parley/contracts';
import type { EntityRecord } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { type BotContent, changeBotContent, readBotContent } from './bot-content.service';
import { entityNameProblem } from './content-names.service';
import { botWideEntityProblem } from './entity-rules';
import { contentOf, PREBUILT_ENTITY_VIEWS, storedContent, toEntityView } from './entity-views';
import { safeRegexChecker } from './safe-regex';

const isCustomType = (type: string): type is CustomEntityType =>
  (CUSTOM_ENTITY_TYPES as readonly string[]).includes(type);

/** GET /api/{bot}/entities: the custom entities by name, then the prebuilt ones. */
export async function listEntities(principal: Principal, botRef: BotRef): Promise<EntityView[]> {
  const content = await readBotContent(principal, botRef);
  return [...(await content.entities.list()).map(toEntityView), ...PREBUILT_ENTITY_VIEWS];
}

/** A custom entity of the bot; a prebuilt name gets `prebuiltMessage`, an unknown one 404. */
export async function requireCustomEntity(
  content: BotContent,
  name: string,
  prebuiltMessage: string = M.prebuiltReadOnly,
): Promise<EntityRecord> {
  if (prebuiltEntityNamed(name)) throw validationError('name', prebuiltMessage);
  const entity = await content.entities.get(name);
  if (!entity || !isCustomType(entity.type)) throw notFound(`There is no entity named ${name.slice(0, 60)}.`);
  return entity;
}

/**
 * Creates one entity by every rule of spec 02 section 5: the name, the content of its type
 * (regexes compiled and run by RE2), roles and values against the rest of the bot. A whole
 * bot's import checks the content by the editing rules (`rules: 'update'`), which the entity
 * met in the bot it comes from.
 */
export async function createEntityIn(
  content: BotContent,
  entry: EntityFileEntry,
  options: { isImport?: boolean; rules?: 'create' | 'update' } = {},
): Promise<EntityRecord> {
  if (!isValidEntityName(entry.name)) throw validationError('name', M.invalidName);
  const nameProblem = await entityNameProblem(content, entry.name, options);
  if (nameProblem) throw validationError('name', nameProblem);
  const entityContent = normaliseEntityContent(entry.type, entry);
  const problem =
    entityContentProblem(entry.type, entityContent, options.rules ?? 'create', safeRegexChecker) ??
    botWideEntityProblem(entry.name, entry.type, entityContent, await content.entities.list());
  if (problem) throw validationError(problem.field, problem.message);
  return content.entities.create({
    name: entry.name,
    description: entry.description,
    type: entry.type,
    content: storedContent(entry.type, entityContent),
    roles: entityContent.roles.map((r) => r.name),
  });
}

/** POST /api/{bot}/entities. */
export async function createEntity(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: CreateEntityBody,
): Promise<EntityView> {
  return changeBotContent(ctx, principal, botRef, 'entities', async (content) =>
    toEntityView(
      await createEntityIn(content, {
        name: body.name,
        description: body.description,
        type: body.type,
        ...body.content,
      }),
    ),
  );
}

/** Patterns that use an entity, or one of the given roles of it. */
async function patternsUsing(content: BotContent, entityName: string, roles?: readonly string[]) {
  const patterns = await content.intents.patterns();
  return patterns.filter((p) =>
    roles === undefined
      ? usesEntity(p.text, entityName)
      : roles.some((role) => usesEntity(p.text, entityName, role)),
  );
}

/**
 * PUT /api/{bot}/entities: the fields sent replace the stored ones, the others stay. The type
 * never changes; fields of other types are ignored. A role still used by a pattern cannot go.
 */
export async function updateEntity(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: UpdateEntityBody,
): Promise<EntityView> {
  return changeBotContent(ctx, principal, botRef, 'entities', async (content) => {
    const entity = await requireCustomEntity(content, body.name);
    const type = entity.type as CustomEntityType;
    const stored = contentOf(entity);
    const merged: EntityContent = normaliseEntityContent(type, {
      roles: body.roles ?? stored.roles,
      sublists: body.sublists ?? stored.sublists,
      resolveWithCanonical: body.resolveWithCanonical ?? stored.resolveWithCanonical,
      examples: body.examples ?? stored.examples,
      regexes: body.regexes ?? stored.regexes,
    });
    const others = (await content.entities.list()).filter((e) => e.id !== entity.id);
    const problem =
      entityContentProblem(type, merged, 'update', safeRegexChecker) ??
      botWideEntityProblem(entity.name, type, merged, others);
    if (problem) throw validationError(problem.field, problem.message);
    const kept = new Set(merged.roles.map((r) => r.name.toLowerCase()));
    const removedRoles = entity.roles.filter((r) => !kept.has(r.toLowerCase()));
    if (removedRoles.length > 0 && (await patternsUsing(content, entity.name, removedRoles)).length > 0)
      throw validationError('roles', M.inUse(entity.name));
    const description = body.description ?? entity.description;
    await content.entities.update(entity.id, {
      description,
      content: storedContent(type, merged),
      roles: merged.roles.map((r) => r.name),
    });
    return toEntityView({
      ...entity,
      description,
      content: storedContent(type, merged),
      roles: merged.roles.map((r) => r.name),
    });
  });
}

/** DELETE /api/{bot}/entities/{name}: never a prebuilt entity, never one a pattern uses. */
export async function deleteEntity(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  name: string,
): Promise<void> {
  await changeBotContent(ctx, principal, botRef, 'entities', async (content) => {
    const entity = await requireCustomEntity(content, name, M.cannotDeletePrebuilt);
    if ((await patternsUsing(content, entity.name)).length > 0)
      throw validationError('name', M.inUse(entity.name));
    await content.entities.delete(entity.id);
  });
}

/** PUT /api/{bot}/entities/change-name: the patterns that use the entity follow the new name. */
export async function renameEntity(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: ChangeEntityNameBody,
): Promise<EntityView> {
  return changeBotContent(ctx, principal, botRef, 'entities', async (content) => {
    const entity = await requireCustomEntity(content, body.name);
    const problem = await entityNameProblem(content, body.newName, { exceptEntityId: entity.id });
    if (problem) throw validationError('newName', problem);
    await content.entities.update(entity.id, { name: body.newName });
    for (const pattern of await patternsUsing(content, entity.name)) {
      await content.intents.updateExample(pattern.id, {
        kind: 'pattern',
        text: renameEntityInPattern(pattern.text, entity.name, body.newName),
      });
    }
    return toEntityView({ ...entity, name: body.newName });
  });
}

/** POST /api/{bot}/entities/update-description. */
export async function updateEntityDescription(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  body: UpdateEntityDescriptionBody,
): Promise<EntityView> {
  return changeBotContent(ctx, principal, botRef, 'entities', async (content) => {
    const entity = await requireCustomEntity(content, body.name);
    await content.entities.update(entity.id, { description: body.description });
    return toEntityView({ ...entity, description: body.description });
  });
}
