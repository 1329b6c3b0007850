/**
 * Variable autocomplete of the Details panel's texts (spec 03 section 5): after an unclosed '['
 * the editor suggests the variables whose name holds what follows it, ignoring case, and puts
 * the chosen name in square brackets. Square brackets are the placeholders the runtime fills in
 * free text (packages/runtime text-template.ts).
 */

/** The longest name a [reference] may hold (the runtime reads 1 to 100 characters). */
const MAX_REFERENCE_LENGTH = 100;
/** Suggestions shown at once: the list stays short enough to read. */
export const MAX_SUGGESTIONS = 8;

export interface OpenReference {
  /** Where the '[' is. */
  start: number;
  /** What was typed after it, up to the caret. */
  query: string;
}

/**
 * The reference being typed at the caret: a '[' before it with no ']' or line break in between.
 * Null when the caret is not in one (nothing to suggest).
 *
 * @example openReference('Hi [Ans', 7) // { start: 3, query: 'Ans' }
 */
export function openReference(text: string, caret: number): OpenReference | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('[');
  if (start === -1) return null;
  const query = before.slice(start + 1);
  if (/[\]\n[]/.test(query) || query.length > MAX_REFERENCE_LENGTH) return null;
  return { start, query };
}

/**
 * Variables whose name holds the query, ignoring case: names starting with it first, then the
 * others, each group in alphabetical order, without repeats.
 */
export function matchingVariables(variables: readonly string[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  const unique = [...new Set(variables.filter((name) => name.trim() !== ''))];
  const matches = unique.filter((name) => name.toLowerCase().includes(wanted));
  const startsWith = (name: string) => name.toLowerCase().startsWith(wanted);
  return matches
    .sort((a, b) => Number(startsWith(b)) - Number(startsWith(a)) || a.localeCompare(b))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * The text with the open reference replaced by `[name]`, and where the caret goes (after it). A
 * ']' right after the caret is taken in, so '[Ans|]' does not become '[Answer]]'.
 */
export function insertVariable(
  text: string,
  reference: OpenReference,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const end = text[caret] === ']' ? caret + 1 : caret;
  const inserted = `[${name}]`;
  return {
    text: `${text.slice(0, reference.start)}${inserted}${text.slice(end)}`,
    caret: reference.start + inserted.length,
  };
}
