/// <reference path="../nlpjs.d.ts" />

import { createRequire } from 'node:module';

// A language pack is read when a model of that language is first trained or loaded, not when
// the server starts (each costs a start-up that most installations never use).
const require = createRequire(import.meta.url);

/** The languages the embedded engine understands (the 'parley' engine's list in contracts). */
export const NLU_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
export type NluLanguage = (typeof NLU_LANGUAGES)[number];

export function isNluLanguage(code: string): code is NluLanguage {
  return (NLU_LANGUAGES as readonly string[]).includes(code);
}

/** A bot's language code (`en`, `en-us`, `pt-BR`) as one of the engine's, or undefined. */
export function nluLanguageOf(code: string): NluLanguage | undefined {
  const base = code.toLowerCase().split(/[-_]/)[0] ?? '';
  return isNluLanguage(base) ? base : undefined;
}

/** Snowball stemmers as @nlpjs ships them (MIT). */
const stemmerFactories: Record<NluLanguage, () => { stemWord(word: string): string }> = {
  en: () => new (require('@nlpjs/lang-en') as typeof import('@nlpjs/lang-en')).StemmerEn(),
  de: () => new (require('@nlpjs/lang-de') as typeof import('@nlpjs/lang-de')).StemmerDe(),
  fr: () => new (require('@nlpjs/lang-fr') as typeof import('@nlpjs/lang-fr')).StemmerFr(),
  es: () => new (require('@nlpjs/lang-es') as typeof import('@nlpjs/lang-es')).StemmerEs(),
  it: () => new (require('@nlpjs/lang-it') as typeof import('@nlpjs/lang-it')).StemmerIt(),
  nl: () => new (require('@nlpjs/lang-nl') as typeof import('@nlpjs/lang-nl')).StemmerNl(),
  pt: () => new (require('@nlpjs/lang-pt') as typeof import('@nlpjs/lang-pt')).StemmerPt(),
};

export type Stem = (lowerWord: string) => string;

const STEM_CACHE_LIMIT = 50_000;

/** A cached stemmer: words repeat a lot, and Snowball is the slowest step of analysis. */
export function stemmerFor(language: NluLanguage): Stem {
  const stemmer = stemmerFactories[language]();
  const cache = new Map<string, string>();
  return (word) => {
    const hit = cache.get(word);
    if (hit !== undefined) return hit;
    // Numbers and one-letter tokens carry no suffix.
    const stem = word.length < 3 || /\d/.test(word) ? word : stemmer.stemWord(word);
    if (cache.size >= STEM_CACHE_LIMIT) cache.clear();
    cache.set(word, stem);
    return stem;
  };
}
