import type { MaskingPattern } from '@parley/contracts';
import { compileSafeRegex } from '../content/safe-regex';

/**
 * Personal-data masking (spec 04 section 3.7): what a bot's masking patterns find is replaced by
 * the pattern's name in brackets ('[Email address]') before a text is logged or stored. Patterns
 * run on RE2 (linear time), the engine entities' regexes use, so no pattern can stall a turn.
 */
export type Masker = (text: string) => string;

const NO_MASKING: Masker = (text) => text;

export function maskerOf(patterns: readonly MaskingPattern[]): Masker {
  const compiled = patterns.flatMap(({ name, pattern }) => {
    const regex = pattern ? compileSafeRegex(pattern) : null;
    return regex ? [{ regex, replacement: `[${name}]` }] : [];
  });
  if (compiled.length === 0) return NO_MASKING;
  return (text) =>
    compiled.reduce((masked, { regex, replacement }) => {
      const matcher = regex.matcher(masked);
      return matcher.find() ? regex.matcher(masked).replaceAll(() => replacement) : masked;
    }, text);
}

/** Keys whose strings are names of things, never what a person wrote. */
const STRUCTURAL_KEYS = new Set(['type', 'name', 'fileId', 'flow', 'blockId', 'owner']);

/** A value with every string a person could have written masked (activities, conversation state). */
export function maskDeep<T>(value: T, mask: Masker, key?: string): T {
  if (mask === NO_MASKING) return value;
  if (typeof value === 'string') return (key && STRUCTURAL_KEYS.has(key) ? value : mask(value)) as T;
  if (Array.isArray(value)) return value.map((item) => maskDeep(item, mask)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, maskDeep(v, mask, k)]),
    ) as T;
  return value;
}
