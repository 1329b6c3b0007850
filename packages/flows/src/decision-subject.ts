import { isBlank } from './block-fields';
import { variableReferenceName } from './variables';

/**
 * What a decision operation is evaluated against: the checked variable's value and what the
 * conversation knows. The runtime fills it in; the server passes its RE2 matcher, so a flow's
 * regex can never stall a process.
 */
export interface DecisionSubject {
  /** The value of the condition's variable; undefined when it is not set. */
  value: unknown;
  /** Another variable's value, for comparisons with [variables]. */
  variable(name: string): unknown;
  /** The condition's caseSensitivity flag: texts compare ignoring case unless it is set. */
  caseSensitive?: boolean;
  /** The conversation's channel (Which channel). */
  channel?: { id: string; name: string };
  /** Check user: a user the bot knows from before, a new one, or no user information. */
  user: 'known' | 'new' | 'absent';
  /** The value's entry in an entity, with its canonical form; undefined when the value is none of it. */
  entityValue(entity: string, value: string): { canonical: string } | undefined;
  matchesRegex(pattern: string, flags: string, value: string): boolean;
}

/** How a value reads as text: numbers and flags as written, objects and lists as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A finite number, from a number or a numeric text ('3', ' 2.5 '); null otherwise. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.trim().replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** An operand as written: a [variable] stands for the variable's value. */
export function operand(written: unknown, subject: Pick<DecisionSubject, 'variable'>): unknown {
  const name = variableReferenceName(written);
  return name === null ? written : subject.variable(name);
}

/** Equal as texts, trimmed; ignoring case unless the condition is case-sensitive. Unset never equals. */
export function isEqualText(
  value: unknown,
  expected: unknown,
  { caseSensitive }: { caseSensitive?: boolean },
): boolean {
  if (isBlank(value) || isBlank(expected)) return false;
  const [a, b] = [textOf(value).trim(), textOf(expected).trim()];
  return caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** The entries of an In Set or Is similar list, leaving out what is not an entry. */
export function setEntries(list: unknown): { type?: unknown; value?: unknown; similarity?: unknown }[] {
  return Array.isArray(list)
    ? list.filter((entry): entry is Record<string, unknown> => entry !== null && typeof entry === 'object')
    : [];
}

/**
 * How alike two texts are, 0-100: one minus the edit distance over the longer length, ignoring
 * case and surrounding spaces. 'adress' and 'address' are 86% alike.
 */
export function similarityPercent(a: string, b: string): number {
  const [left, right] = [a.trim().toLowerCase(), b.trim().toLowerCase()];
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 0;
  return Math.round((1 - editDistance(left, right) / longest) * 100);
}

/** Levenshtein distance with one row of memory. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] as number;
}
