import type { RegexChecker } from '@parley/contracts';
import { RE2JS } from 're2js';

/**
 * Every regex an author writes is compiled and run by RE2 (re2js): matching takes time linear
 * in the input, so no pattern (`(a+)+$` and friends) can hang the server. Patterns RE2 cannot
 * compile (back-references, look-arounds, huge repetitions) are refused as 'Invalid regex'.
 */
const compiled = new Map<string, RE2JS | null>();
const CACHE_SIZE = 500;

export function compileSafeRegex(pattern: string): RE2JS | null {
  const cached = compiled.get(pattern);
  if (cached !== undefined) return cached;
  let result: RE2JS | null;
  try {
    result = RE2JS.compile(pattern);
  } catch {
    result = null;
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, result);
  return result;
}

/** The regex rules of entities, run safely: an example matches when a regex is found in it. */
export const safeRegexChecker: RegexChecker = {
  compiles: (pattern) => compileSafeRegex(pattern) !== null,
  matchesAny: (patterns, text) => patterns.some((p) => compileSafeRegex(p)?.test(text) ?? false),
};
