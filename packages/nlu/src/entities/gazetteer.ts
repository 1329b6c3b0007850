import type { Token } from '../text/tokenize';

const MAX_PHRASE_TOKENS = 8;

/**
 * Known values of the learned entities (their examples and the values marked in utterances),
 * as token sequences. The tagger reads "this token starts / continues a known value of X" as
 * a feature: a hint it weighs against the context, not a word list that decides alone.
 */
export class Gazetteer {
  private readonly phrases = new Map<string, Set<string>>();

  add(tokens: readonly Token[], entity: string) {
    const words = tokens.map((t) => t.plain);
    if (words.length === 0 || words.length > MAX_PHRASE_TOKENS) return;
    const key = words.join(' ');
    let set = this.phrases.get(key);
    if (!set) {
      set = new Set();
      this.phrases.set(key, set);
    }
    set.add(entity);
  }

  get size() {
    return this.phrases.size;
  }

  /** For each token, the `B:entity` / `I:entity` marks of the longest known phrases covering it. */
  marks(tokens: readonly Token[]): string[][] {
    const marks: string[][] = tokens.map(() => []);
    for (let i = 0; i < tokens.length; i++) {
      let key = '';
      for (let j = i; j < Math.min(tokens.length, i + MAX_PHRASE_TOKENS); j++) {
        key = j === i ? (tokens[j] as Token).plain : `${key} ${(tokens[j] as Token).plain}`;
        const entities = this.phrases.get(key);
        if (!entities) continue;
        for (const entity of entities) {
          marks[i]?.push(`B:${entity}`);
          for (let k = i + 1; k <= j; k++) marks[k]?.push(`I:${entity}`);
        }
      }
    }
    return marks;
  }

  toJSON(): Array<[string, string[]]> {
    return [...this.phrases].map(([k, v]) => [k, [...v].sort()]);
  }

  static fromJSON(entries: Array<[string, string[]]>): Gazetteer {
    const g = new Gazetteer();
    for (const [k, v] of entries) g.phrases.set(k, new Set(v));
    return g;
  }
}
