import type { PlaceholderEntity } from '@parley/contracts';

/**
 * Entity suggestions while typing an example (spec 02 section 2.2): after an opening bracket
 * the entity names and `entity:role` pairs that start with what follows it are offered.
 */
export interface OpenPlaceholder {
  /** Index of the '[' in the text. */
  start: number;
  /** What was typed after it, up to the caret. */
  query: string;
}

const QUERY = /^[A-Za-z0-9_:]*$/;
export const MAX_SUGGESTIONS = 12;

/** The placeholder being typed at the caret, if the caret is right after `[` and name characters. */
export function openPlaceholderAt(text: string, caret: number): OpenPlaceholder | undefined {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('[');
  if (start < 0) return undefined;
  const query = before.slice(start + 1);
  if (!QUERY.test(query) || (query.match(/:/g)?.length ?? 0) > 1) return undefined;
  return { start, query };
}

const roleNames = (entity: PlaceholderEntity) =>
  (entity.roles ?? []).map((role) => (typeof role === 'string' ? role : role.name));

/** Names, then name:role pairs, that start with the query (ignoring case). */
export function suggestionsFor(query: string, entities: readonly PlaceholderEntity[]): string[] {
  const wanted = query.toLowerCase();
  const all = [
    ...entities.map((e) => e.name),
    ...entities.flatMap((e) => roleNames(e).map((role) => `${e.name}:${role}`)),
  ];
  return all.filter((s) => s.toLowerCase().startsWith(wanted)).slice(0, MAX_SUGGESTIONS);
}

/** The text with the open placeholder completed to `[suggestion]`, and where the caret goes. */
export function applySuggestion(
  text: string,
  open: OpenPlaceholder,
  caret: number,
  suggestion: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  // A closing bracket typed already is reused.
  const rest = after.startsWith(']') ? after.slice(1) : after;
  const inserted = `[${suggestion}]`;
  return { text: `${text.slice(0, open.start)}${inserted}${rest}`, caret: open.start + inserted.length };
}
