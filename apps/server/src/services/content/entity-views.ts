import {
  type CustomEntityType,
  EMPTY_ENTITY_CONTENT,
  type EntityContent,
  type EntityFileEntry,
  type EntityType,
  type EntityView,
  type PlaceholderEntity,
  PREBUILT_ENTITIES,
} from '@parley/contracts';
import type { EntityRecord } from '@parley/db';

/** An entity's stored content as the contracts' EntityContent. */
export function contentOf(record: EntityRecord): EntityContent {
  return {
    roles: record.roles.map((name) => ({ name })),
    sublists: record.content.sublists ?? [],
    resolveWithCanonical: record.content.resolveWithCanonical ?? false,
    examples: record.content.examples ?? [],
    regexes: record.content.regexes ?? [],
  };
}

export function toEntityView(record: EntityRecord): EntityView {
  return {
    name: record.name,
    description: record.description,
    type: record.type as EntityType,
    botId: record.botId,
    isPrebuilt: false,
    ...contentOf(record),
  };
}

/** The thirteen prebuilt entities every bot has, read-only (spec 02 section 3). */
export const PREBUILT_ENTITY_VIEWS: readonly EntityView[] = PREBUILT_ENTITIES.map((p) => ({
  ...EMPTY_ENTITY_CONTENT,
  name: p.name,
  description: '',
  type: 'prebuilts',
  botId: null,
  isPrebuilt: true,
  examples: [...p.examples],
}));

/** An entity as files carry it. */
export function toEntityFileEntry(record: EntityRecord): EntityFileEntry {
  const { roles, sublists, resolveWithCanonical, examples, regexes } = contentOf(record);
  return {
    name: record.name,
    description: record.description,
    type: record.type as CustomEntityType,
    roles,
    sublists,
    resolveWithCanonical,
    examples,
    regexes,
  };
}

/** The entities placeholders may name: the custom ones with their roles, and the prebuilt ones. */
export function placeholderEntities(custom: readonly EntityRecord[]): PlaceholderEntity[] {
  return [
    ...custom.map((e) => ({ name: e.name, roles: e.roles })),
    ...PREBUILT_ENTITIES.map((p) => ({ name: p.name })),
  ];
}

/** Only the type's fields are stored. */
export function storedContent(type: CustomEntityType, content: EntityContent): EntityRecord['content'] {
  if (type === 'closedlists')
    return { sublists: content.sublists, resolveWithCanonical: content.resolveWithCanonical };
  if (type === 'regexentities') return { regexes: content.regexes, examples: content.examples };
  return { examples: content.examples };
}
