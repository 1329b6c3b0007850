import type { Token } from '../text/tokenize';

/**
 * How much of an input the bot knows: the share of its words seen in the bot's in-scope
 * examples, each word weighted by its inverse document frequency. Function words ('my', 'how',
 * 'the') are in every bot and weigh little; an unknown word weighs as much as the rarest known
 * one, so 'who won the game last night' reads as unknown to a banking bot even though 'the'
 * and 'last' are known. Numbers and entity values are no evidence either way.
 */
export interface CoverageState {
  /** Known stems, sorted, with their idf. */
  words: string[];
  idf: Float32Array;
  /** The weight of a word never seen. */
  unknownIdf: number;
}

/**
 * How much a token of an entity counts: 0 for a value a list, regex or recognizer vouches for,
 * a fraction for one the tagger found (the tagger also tags words of out-of-scope input).
 */
export type EntityWeight = (token: Token) => number;

const weightOf = (t: Token, entityWeight?: EntityWeight) =>
  !t.isWord || /\d/.test(t.text) ? 0 : (entityWeight?.(t) ?? 1);

export function buildCoverage(sentences: ReadonlyArray<readonly Token[]>): CoverageState {
  const df = new Map<string, number>();
  for (const tokens of sentences) {
    for (const stem of new Set(tokens.filter((t) => t.isWord).map((t) => t.stem))) {
      df.set(stem, (df.get(stem) ?? 0) + 1);
    }
  }
  const n = sentences.length;
  const words = [...df.keys()].sort();
  const idf = Float32Array.from(words.map((w) => Math.log((1 + n) / (1 + (df.get(w) ?? 0))) + 1));
  return { words, idf, unknownIdf: Math.log(1 + n) + 1 };
}

export class WordCoverage {
  private readonly weight = new Map<string, number>();

  constructor(readonly state: CoverageState) {
    state.words.forEach((w, i) => {
      this.weight.set(w, state.idf[i] as number);
    });
  }

  /** From 0 (nothing known) to 1; 0 when no word counts. */
  of(tokens: readonly Token[], entityWeight?: EntityWeight): number {
    let all = 0;
    let known = 0;
    for (const t of tokens) {
      const share = weightOf(t, entityWeight);
      if (share === 0) continue;
      const weight = this.weight.get(t.stem);
      all += share * (weight ?? this.state.unknownIdf);
      known += share * (weight ?? 0);
    }
    return all === 0 ? 0 : known / all;
  }

  /** Whether any word of the input counts (entities left out). */
  static counts(tokens: readonly Token[], entityWeight?: EntityWeight): boolean {
    return tokens.some((t) => weightOf(t, entityWeight) > 0);
  }
}
