/**
 * Variable references in block data. A whole value may name a variable in any of the four
 * placeholder brackets (spec 03 section 5: curly, square, round, angled); inside free text only
 * square brackets count, since round and angled ones are ordinary prose and HTML there.
 */
const WHOLE_REFERENCE = /^\s*(?:\[([^\][]+)\]|\{([^{}]+)\}|\(([^()]+)\)|<([^<>]+)>)\s*$/;
const TEXT_REFERENCE = /\[([^\][\n]{1,100})\]/g;

/** The variable a value consists of, e.g. '[IntentName]' -> 'IntentName'; null for anything else. */
export function variableReferenceName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = WHOLE_REFERENCE.exec(value);
  const name = match?.slice(1).find((group) => group !== undefined);
  return name ? name.trim() : null;
}

/** Names in square brackets inside a text, e.g. 'Your order is [OrderStatus].' -> ['OrderStatus']. */
export function variablesInText(text: string): string[] {
  return [...text.matchAll(TEXT_REFERENCE)].map((match) => (match[1] ?? '').trim()).filter(Boolean);
}
