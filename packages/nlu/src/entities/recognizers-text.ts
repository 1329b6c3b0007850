import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * Loads a recognizers-text package (one self-contained UMD bundle each) with two memoisations
 * put into its own code, which leave every result as it was (a unit test compares them with the
 * unpatched package on the bench's cases and test texts) and halve a date recognizer call:
 *
 * - `StringUtility.removeDiacriticsFromWordBoundaries`: the library re-splits the text for every
 *   regex it runs (`RegExpUtility.getMatchesSimple`), hundreds of times a call on the same few
 *   strings; its result is now kept (a pure function of the string).
 * - `BaseNumberExtractor.extract`: the date model runs its cardinal, integer and ordinal
 *   extractors ~30 times a call, mostly on the same strings (27,000 calls, 3,000 distinct, on
 *   the Snips test texts; 37% of the date model's time); each extractor now keeps its results
 *   (a pure function of the string: its regexes are fixed at construction) and hands out copies.
 *
 * Both caches are bounded (cleared when full). Where a package's code is not the one these
 * patches were written for (an anchor is missing, e.g. after an upgrade), the package loads
 * unpatched, as before, and `patchedPackages` does not list it (a unit test checks it does).
 */
const require = createRequire(import.meta.url);

const CACHE_LIMIT = 512;

interface Patch {
  /** A statement of the bundle the patch goes before; it must occur exactly once. */
  anchor: string;
  code: string;
}

const PATCHES: Record<string, Patch[]> = {
  diacritics: [
    {
      anchor: 'exports.StringUtility = StringUtility;',
      code: `{
  const original = StringUtility.removeDiacriticsFromWordBoundaries;
  const cache = new Map();
  StringUtility.removeDiacriticsFromWordBoundaries = function (input) {
    let out = cache.get(input);
    if (out === undefined) {
      out = original.call(this, input);
      if (cache.size >= ${CACHE_LIMIT}) cache.clear();
      cache.set(input, out);
    }
    return out;
  };
}`,
    },
  ],
  numbers: [
    {
      anchor: 'exports.BaseNumberExtractor = BaseNumberExtractor;',
      code: `{
  const original = BaseNumberExtractor.prototype.extract;
  const caches = new WeakMap();
  BaseNumberExtractor.prototype.extract = function (source) {
    if (typeof source !== 'string') return original.call(this, source);
    let cache = caches.get(this);
    if (!cache) {
      cache = new Map();
      caches.set(this, cache);
    }
    let found = cache.get(source);
    if (!found) {
      found = original.call(this, source);
      if (cache.size >= ${CACHE_LIMIT}) cache.clear();
      cache.set(source, found);
    }
    return found.map((r) => ({ ...r }));
  };
}`,
    },
  ],
};

/** Which patches each package takes (the sequence package has no number extractor). */
const PACKAGE_PATCHES = {
  '@microsoft/recognizers-text-date-time': ['diacritics', 'numbers'],
  '@microsoft/recognizers-text-number': ['diacritics', 'numbers'],
  '@microsoft/recognizers-text-number-with-unit': ['diacritics', 'numbers'],
  '@microsoft/recognizers-text-sequence': ['diacritics'],
} as const satisfies Record<string, readonly string[]>;
export type RecognizerPackage = keyof typeof PACKAGE_PATCHES;

/** The packages loaded with their patches applied. */
export const patchedPackages = new Set<string>();
const loaded = new Map<string, unknown>();

/** The bundle's source with the patches in, or undefined when one of its anchors is missing. */
export function patchSource(source: string, patches: readonly string[]): string | undefined {
  let out = source;
  for (const name of patches) {
    for (const { anchor, code } of PATCHES[name] ?? []) {
      const at = out.indexOf(anchor);
      if (at < 0 || out.indexOf(anchor, at + 1) >= 0) return undefined;
      out = `${out.slice(0, at)}${code}\n${out.slice(at)}`;
    }
  }
  return out;
}

export function loadRecognizerPackage<T>(name: RecognizerPackage): T {
  const cached = loaded.get(name);
  if (cached) return cached as T;
  const file = require.resolve(name);
  const source = patchSource(readFileSync(file, 'utf8'), PACKAGE_PATCHES[name]);
  let exports: unknown;
  if (source === undefined) {
    exports = require(name);
  } else {
    // The CommonJS wrapper, as Node's loader runs the file.
    const wrapper = vm.runInThisContext(
      `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
      { filename: file },
    ) as (e: object, r: NodeJS.Require, m: { exports: object }, f: string, d: string) => void;
    const module = { exports: {} };
    wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
    exports = module.exports;
    patchedPackages.add(name);
    if (name === '@microsoft/recognizers-text-date-time')
      memoiseDateExtractors(exports as Record<string, unknown>);
  }
  loaded.set(name, exports);
  return exports as T;
}

/**
 * The date model's extractors that its other extractors call again on the same text (on the
 * Snips test texts, per 860 calls of the model: the date extractor 7,000 times, 970 distinct;
 * duration 12,000, 980; time 7,000, 920; date-time 1,700, 860).
 */
export const MEMOISED_DATE_EXTRACTORS = [
  'BaseDateExtractor',
  'BaseTimeExtractor',
  'BaseDurationExtractor',
  'BaseDateTimeExtractor',
] as const;
export const memoisedDateExtractors = new Set<string>();

interface ExtractResult {
  data?: unknown;
  metaData?: unknown;
}
const copyResult = (r: ExtractResult): ExtractResult => {
  const copy = { ...r };
  if (r.data && typeof r.data === 'object') copy.data = Array.isArray(r.data) ? [...r.data] : { ...r.data };
  if (r.metaData && typeof r.metaData === 'object') copy.metaData = { ...r.metaData };
  return copy;
};

/**
 * Each extractor keeps its results per text and reference time (their results depend on
 * nothing else: their configuration is fixed at construction) and hands out copies, so a caller
 * that adjusts a result does not change the kept one. Calls without a reference time (the
 * library then reads the clock) are not kept.
 */
function memoiseDateExtractors(exports: Record<string, unknown>) {
  for (const name of MEMOISED_DATE_EXTRACTORS) {
    const proto = (exports[name] as { prototype?: Record<string, unknown> } | undefined)?.prototype;
    const original = proto?.extract;
    if (!proto || typeof original !== 'function') continue;
    const caches = new WeakMap<object, Map<string, ExtractResult[]>>();
    proto.extract = function (this: object, source: unknown, reference: unknown) {
      if (typeof source !== 'string' || !(reference instanceof Date))
        return original.call(this, source, reference);
      let cache = caches.get(this);
      if (!cache) {
        cache = new Map();
        caches.set(this, cache);
      }
      const key = `${reference.getTime()}|${source}`;
      let found = cache.get(key);
      if (!found) {
        found = original.call(this, source, reference) as ExtractResult[];
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(key, found);
      }
      return found.map(copyResult);
    };
    memoisedDateExtractors.add(name);
  }
}
