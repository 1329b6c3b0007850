import {
  type CustomEntityType,
  type EntityContent,
  type EntityProblem,
  type EntityType,
  entityValues,
  ENTITY_MESSAGES as M,
} from '@parley/contracts';
import type { EntityRecord } from '@parley/db';
import { contentOf } from './entity-views';

/**
 * The entity rules that look at the rest of the bot (spec 02 section 5 'Entities'): role names
 * are unique across all entities, and a value (canonical form, synonym, simple example) belongs
 * to one entity only; all ignoring case. `others` are the bot's other entities.
 */
export function botWideEntityProblem(
  name: string,
  type: CustomEntityType,
  content: EntityContent,
  others: readonly EntityRecord[],
): EntityProblem | undefined {
  const roleOwners = new Set(others.flatMap((e) => e.roles.map((r) => r.toLowerCase())));
  if (content.roles.some((r) => roleOwners.has(r.name.toLowerCase())))
    return { field: 'roles', message: M.rolesNotUnique };

  const valueOwners = new Map<string, string>();
  for (const other of others) {
    for (const value of entityValues(other.type as EntityType, contentOf(other))) {
      if (!valueOwners.has(value.toLowerCase())) valueOwners.set(value.toLowerCase(), other.name);
    }
  }
  const field = type === 'closedlists' ? 'sublists' : 'examples';
  for (const value of entityValues(type, content)) {
    const owner = valueOwners.get(value.toLowerCase());
    if (owner !== undefined) return { field, message: M.valueUsed(value, owner) };
  }
  // Within a closed list, a value may appear in one sublist only.
  const sublistOf = new Map<string, number>();
  for (const [index, sublist] of content.sublists.entries()) {
    for (const value of [sublist.canonicalForm, ...sublist.list]) {
      const seenIn = sublistOf.get(value.toLowerCase());
      if (seenIn !== undefined && seenIn !== index) return { field, message: M.valueUsed(value, name) };
      sublistOf.set(value.toLowerCase(), index);
    }
  }
  return undefined;
}
