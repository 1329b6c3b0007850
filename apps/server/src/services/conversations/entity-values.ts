import type { EntityRecord } from '@parley/db';
import type { DecisionSubject } from '@parley/flows';
import { RE2JS } from 're2js';
import { contentOf } from '../content/entity-views';

type EntityValue = DecisionSubject['entityValue'];

/** What one entity says of a whole value: the canonical form it stands for, or undefined. */
type ValueCheck = (value: string) => string | undefined;

const key = (text: string) => text.trim().toLowerCase();

/** A closed list: the value is a canonical form or a synonym (ignoring case), and stands for its form. */
function closedListCheck(record: EntityRecord): ValueCheck {
  const forms = new Map<string, string>();
  for (const { canonicalForm, list } of contentOf(record).sublists)
    for (const text of [canonicalForm, ...list]) if (key(text) !== '') forms.set(key(text), canonicalForm);
  return (value) => forms.get(key(value));
}

/** A regex entity: one of its regexes (RE2, as the NLU runs them) matches the whole value. */
function regexCheck(record: EntityRecord): ValueCheck {
  const regexes = contentOf(record).regexes.flatMap((pattern) => {
    try {
      return [RE2JS.compile(pattern)];
    } catch {
      return [];
    }
  });
  return (value) => (regexes.some((regex) => regex.matches(value.trim())) ? value.trim() : undefined);
}

/** A simple (learnt) entity: the value is one of its examples, ignoring case. */
function examplesCheck(record: EntityRecord): ValueCheck {
  const examples = new Set(contentOf(record).examples.map(key));
  return (value) => (examples.has(key(value)) ? value.trim() : undefined);
}

const CHECKS: Record<string, (record: EntityRecord) => ValueCheck> = {
  closedlists: closedListCheck,
  regexentities: regexCheck,
  entities: examplesCheck,
};

/**
 * The conditions' 'Is an entity' and 'Is canonical' over the bot's own entities: whether a
 * variable's whole value is the entity, and which canonical form it stands for (a closed list's
 * form; for other kinds, the value itself). Prebuilt entities are the NLU's to find in a message
 * and are not checked here: no value is one of them.
 */
export function entityValuesOf(records: readonly EntityRecord[]): EntityValue {
  const checks = new Map<string, ValueCheck>();
  for (const record of records) {
    const check = CHECKS[record.type];
    if (check) checks.set(key(record.name), check(record));
  }
  return (entity, value) => {
    const canonical = checks.get(key(entity))?.(value);
    return canonical === undefined ? undefined : { canonical };
  };
}
