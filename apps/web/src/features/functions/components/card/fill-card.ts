import { fillPlaceholders, resolveInputValues } from '@parley/contracts';
import type { InputRow } from '../../function-draft';

/**
 * The card JSON with the inputs' default values in its {{placeholders}} (spec 02 section 4:
 * the preview fills the card with input defaults), or undefined when it is not an adaptive
 * card: not JSON, or not an object of type AdaptiveCard. Values go into the parsed strings, so
 * a value with quotes cannot break the JSON.
 */
export function fillCard(json: string, inputs: readonly InputRow[]): Record<string, unknown> | undefined {
  let card: unknown;
  try {
    card = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof card !== 'object' || card === null || Array.isArray(card)) return undefined;
  if ((card as { type?: unknown }).type !== 'AdaptiveCard') return undefined;
  const values = resolveInputValues(inputs.filter((input) => input.name.trim() !== ''));
  return fillStrings(card, values) as Record<string, unknown>;
}

function fillStrings(value: unknown, values: Record<string, unknown>): unknown {
  if (typeof value === 'string') return fillPlaceholders(value, values);
  if (Array.isArray(value)) return value.map((item) => fillStrings(item, values));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillStrings(item, values)]));
  return value;
}
