/**
 * Entity placeholders in intent examples: `[entity]` or `[entity:role]` (spec 02 sections 2.2
 * and 3). The server's pattern check, the web's suggestions and the "entities used" list all
 * read this one definition.
 *
 * The rule (docs/decisions.md, Intents): an example is a pattern when at least one of its
 * placeholders names an entity of the bot (custom or prebuilt, ignoring case) and, when it
 * has a role part, a role of that entity. Brackets that name nothing known are plain text, so
 * such an example stays an utterance.
 */

/** Entity and role names are letters, digits and underscore (the entity name rule). */
const PLACEHOLDER = /\[([A-Za-z0-9_]+)(?::([A-Za-z0-9_]+))?\]/g;

export interface Placeholder {
  entity: string;
  role: string | undefined;
  /** Where the placeholder starts in the text, and its length with the brackets. */
  index: number;
  length: number;
}

/** What the pattern check needs to know of an entity: its name and its role names. */
export interface PlaceholderEntity {
  name: string;
  roles?: ReadonlyArray<string | { name: string }>;
}

export function placeholdersIn(text: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    found.push({
      entity: match[1] as string,
      role: match[2],
      index: match.index,
      length: match[0].length,
    });
  }
  return found;
}

const key = (name: string) => name.toLowerCase();
const roleName = (role: string | { name: string }) => (typeof role === 'string' ? role : role.name);

/** Entities by lower-cased name, each with its lower-cased role names. */
function entityIndex(entities: readonly PlaceholderEntity[]) {
  return new Map(
    entities.map((e) => [
      key(e.name),
      { name: e.name, roles: new Set((e.roles ?? []).map((r) => key(roleName(r)))) },
    ]),
  );
}

/** The placeholders of a text that name a known entity (and a known role of it, when given). */
export function knownPlaceholdersIn(text: string, entities: readonly PlaceholderEntity[]): Placeholder[] {
  const index = entityIndex(entities);
  return placeholdersIn(text).filter((p) => {
    const entity = index.get(key(p.entity));
    return !!entity && (p.role === undefined || entity.roles.has(key(p.role)));
  });
}

export function isPatternExample(text: string, entities: readonly PlaceholderEntity[]): boolean {
  return knownPlaceholdersIn(text, entities).length > 0;
}

/**
 * The example with each known placeholder spelled like its entity (`[color]` becomes
 * `[Color]`), so a later rename finds every use.
 */
export function normalisePlaceholders(text: string, entities: readonly PlaceholderEntity[]): string {
  const index = entityIndex(entities);
  return text.replace(PLACEHOLDER, (whole, entity: string, role: string | undefined) => {
    const known = index.get(key(entity));
    if (!known || (role !== undefined && !known.roles.has(key(role)))) return whole;
    return role === undefined ? `[${known.name}]` : `[${known.name}:${role}]`;
  });
}

/** Entity names used by the placeholders of some patterns, each once, in order of appearance. */
export function entitiesUsedIn(patterns: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const text of patterns) {
    for (const p of placeholdersIn(text)) if (!seen.has(key(p.entity))) seen.set(key(p.entity), p.entity);
  }
  return [...seen.values()];
}

/** Does a pattern use an entity (optionally: with a given role)? */
export function usesEntity(text: string, entityName: string, role?: string): boolean {
  return placeholdersIn(text).some(
    (p) =>
      key(p.entity) === key(entityName) &&
      (role === undefined || (p.role !== undefined && key(p.role) === key(role))),
  );
}

/** The pattern with an entity's placeholders renamed (`[Old]`, `[Old:role]` become `[New]`, `[New:role]`). */
export function renameEntityInPattern(text: string, oldName: string, newName: string): string {
  return text.replace(PLACEHOLDER, (whole, entity: string, role: string | undefined) => {
    if (key(entity) !== key(oldName)) return whole;
    return role === undefined ? `[${newName}]` : `[${newName}:${role}]`;
  });
}
