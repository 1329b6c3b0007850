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

/**
 * Constructs other regex engines run and RE2 has not (it keeps matching linear in time), named
 * so the author knows what to change; checked in this order.
 */
const UNSUPPORTED: ReadonlyArray<[RegExp, string]> = [
  [/\(\?<[=!]/, 'lookbehind ((?<= and (?<!) is not supported'],
  [/\(\?[=!]/, 'lookahead ((?= and (?!) is not supported'],
  [/\\[1-9]|\\k</, 'back-references (\\1, \\k<name>) are not supported'],
  [/\(\?>|[*+?}]\+/, 'atomic groups and possessive quantifiers are not supported'],
  [/\{\d{4,}|\{\d*,\d{4,}/, 'repetition counts above 1000 are not supported'],
];

/** Why RE2 refuses a pattern: an unsupported construct by name, else RE2's own words. */
export function regexProblem(pattern: string): string | undefined {
  if (compileSafeRegex(pattern) !== null) return undefined;
  const construct = UNSUPPORTED.find(([test]) => test.test(pattern));
  if (construct) return `${construct[1]} (regexes run on RE2, whose matching time is linear)`;
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
  }
}

/** The regex rules of entities, run safely: an example matches when a regex is found in it. */
export const safeRegexChecker: RegexChecker = {
  compiles: (pattern) => compileSafeRegex(pattern) !== null,
  whyNot: regexProblem,
  matchesAny: (patterns, text) => patterns.some((p) => compileSafeRegex(p)?.test(text) ?? false),
};
