import { type NluLanguage, type Stem, stemmerFor } from './languages';

export interface Token {
  /** As written. */
  text: string;
  start: number;
  end: number;
  /** Lower-cased. */
  lower: string;
  /** Lower-cased without accents: 'Café' and 'cafe' meet. */
  plain: string;
  /** Stem of the lower-cased word, without accents. */
  stem: string;
  isWord: boolean;
}

/**
 * Words are runs of letters, marks, digits and underscores; every other visible character is
 * a token of its own. French and Italian elisions (l'homme, dell'anno) therefore split at the
 * apostrophe, and German compounds stay whole (their character n-grams carry the parts).
 */
const TOKEN = /[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_]/gu;
const WORD = /^[\p{L}\p{M}\p{N}_]/u;
const ACCENTS = /\p{M}+/gu;

export const stripAccents = (text: string) => text.normalize('NFD').replace(ACCENTS, '').normalize('NFC');

export class Analyser {
  readonly stem: Stem;
  private readonly plainCache = new Map<string, string>();

  constructor(readonly language: NluLanguage) {
    this.stem = stemmerFor(language);
  }

  plain(lower: string): string {
    let hit = this.plainCache.get(lower);
    if (hit === undefined) {
      hit = /^[ -~]*$/.test(lower) ? lower : stripAccents(lower);
      if (this.plainCache.size > 50_000) this.plainCache.clear();
      this.plainCache.set(lower, hit);
    }
    return hit;
  }

  tokenize(text: string): Token[] {
    const tokens: Token[] = [];
    for (const match of text.matchAll(TOKEN)) {
      const raw = match[0];
      const lower = raw.toLowerCase();
      const isWord = WORD.test(raw);
      tokens.push({
        text: raw,
        start: match.index,
        end: match.index + raw.length,
        lower,
        plain: this.plain(lower),
        stem: isWord ? this.plain(this.stem(lower)) : lower,
        isWord,
      });
    }
    return tokens;
  }
}
