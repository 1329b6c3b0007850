/// <reference path="../nlpjs.d.ts" />

import { StemmerDe } from '@nlpjs/lang-de';
import { StemmerEn } from '@nlpjs/lang-en';
import { StemmerEs } from '@nlpjs/lang-es';
import { StemmerFr } from '@nlpjs/lang-fr';
import { StemmerIt } from '@nlpjs/lang-it';
import { StemmerNl } from '@nlpjs/lang-nl';
import { StemmerPt } from '@nlpjs/lang-pt';

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
  en: () => new StemmerEn(),
  de: () => new StemmerDe(),
  fr: () => new StemmerFr(),
  es: () => new StemmerEs(),
  it: () => new StemmerIt(),
  nl: () => new StemmerNl(),
  pt: () => new StemmerPt(),
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
