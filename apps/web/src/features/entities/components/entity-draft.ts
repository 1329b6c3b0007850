import type { CustomEntityType, EntityView, Sublist } from '@parley/contracts';
import type { EntityContentRequest } from '../api/entities-api';

/** What the entity editor changes before Save. */
export interface EntityDraft {
  sublists: Sublist[];
  resolveWithCanonical: boolean;
  examples: string[];
  regexes: string[];
  roles: string[];
}

export const draftOf = (entity: EntityView): EntityDraft => ({
  sublists: entity.sublists.map((s) => ({ canonicalForm: s.canonicalForm, list: [...s.list] })),
  resolveWithCanonical: entity.resolveWithCanonical,
  examples: [...entity.examples],
  regexes: [...entity.regexes],
  roles: entity.roles.map((r) => r.name),
});

export const EMPTY_DRAFT: EntityDraft = {
  sublists: [],
  resolveWithCanonical: false,
  examples: [],
  regexes: [],
  roles: [],
};

/** Only the type's fields (sublists only for closed lists), and the roles. */
export function contentRequestOf(type: CustomEntityType, draft: EntityDraft): EntityContentRequest {
  const roles = draft.roles.map((name) => ({ name }));
  if (type === 'closedlists')
    return { roles, sublists: draft.sublists, resolveWithCanonical: draft.resolveWithCanonical };
  if (type === 'regexentities') return { roles, regexes: draft.regexes, examples: draft.examples };
  return { roles, examples: draft.examples };
}

export const isSameDraft = (a: EntityDraft, b: EntityDraft) => JSON.stringify(a) === JSON.stringify(b);
