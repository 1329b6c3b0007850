import type { NluEntity, RecognisedEntity } from '../types';

interface ListValue {
  entity: string;
  canonicalForm: string;
  resolveWithCanonical: boolean;
  /** The value lower-cased: lists match ignoring case. */
  value: string;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{M}\p{N}_]/u.test(c);

/**
 * Closed-list entities: every canonical form and synonym, found as whole words ignoring case.
 * The value is the canonical form; the text is what the user wrote, or the canonical form
 * when the entity resolves with it.
 */
export class ClosedLists {
  private readonly values: ListValue[];

  constructor(entities: readonly NluEntity[]) {
    this.values = [];
    for (const entity of entities) {
      if (entity.type !== 'closedlists') continue;
      for (const sublist of entity.sublists ?? []) {
        for (const value of [sublist.canonicalForm, ...sublist.list]) {
          if (value.trim() === '') continue;
          this.values.push({
            entity: entity.name,
            canonicalForm: sublist.canonicalForm,
            resolveWithCanonical: entity.resolveWithCanonical === true,
            value: value.trim().toLowerCase(),
          });
        }
      }
    }
    // Longer values first, so 'new york city' wins over 'new york'.
    this.values.sort((a, b) => b.value.length - a.value.length || a.value.localeCompare(b.value));
  }

  find(text: string): RecognisedEntity[] {
    if (this.values.length === 0) return [];
    const lower = text.toLowerCase();
    const found: RecognisedEntity[] = [];
    const taken = new Map<string, Array<[number, number]>>();
    for (const v of this.values) {
      let from = lower.indexOf(v.value);
      while (from >= 0) {
        const end = from + v.value.length;
        const whole = !isWordChar(lower[from - 1]) && !isWordChar(lower[end]);
        const spans = taken.get(v.entity) ?? [];
        const overlaps = spans.some(([s, e]) => from < e && end > s);
        if (whole && !overlaps) {
          spans.push([from, end]);
          taken.set(v.entity, spans);
          found.push({
            entity: v.entity,
            start: from,
            end,
            text: v.resolveWithCanonical ? v.canonicalForm : text.slice(from, end),
            value: v.canonicalForm,
          });
        }
        from = lower.indexOf(v.value, from + 1);
      }
    }
    return found.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
