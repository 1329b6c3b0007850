import { FeatureIndex } from '../text/feature-index';
import { hashMore, hashPair, hashPrefix } from '../text/hash';
import type { Token } from '../text/tokenize';

/**
 * The features of an utterance for the intent classifier, as hashed ids with counts: stems,
 * stem bigrams (with sentence edges) and character 3-4-grams within each word (they carry
 * misspellings, compounds and unseen inflections). Punctuation is left out.
 */
/** Character n-grams count less than a word each: they back words up, not outvote them. */
const CHAR_WEIGHT = 0.7;
/** 5-grams cost a quarter of the training time and added nothing measurable. */
const MAX_N = 4;

const WORD = hashPrefix('w:');
const PAIR = hashPrefix('b:');
const CHARS = hashPrefix('c:');

export function utteranceFeatures(tokens: readonly Token[]): Map<number, number> {
  const counts = new Map<number, number>();
  const add = (id: number, weight: number) => {
    counts.set(id, (counts.get(id) ?? 0) + weight);
  };
  let previous = '<s>';
  let words = 0;
  for (const token of tokens) {
    if (!token.isWord) continue;
    words++;
    add(hashMore(WORD, token.stem) >>> 0, 1);
    add(hashPair(PAIR, previous, token.stem), 1);
    previous = token.stem;
    const padded = ` ${token.plain} `;
    for (let n = 3; n <= MAX_N; n++) {
      for (let i = 0; i + n <= padded.length; i++) add(hashMore(CHARS, padded, i, i + n) >>> 0, CHAR_WEIGHT);
    }
  }
  if (words > 0) add(hashPair(PAIR, previous, '</s>'), 1);
  return counts;
}

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

/** The training vocabulary: feature hashes to columns, with their inverse document frequency. */
export class Vocabulary {
  private readonly column: FeatureIndex;

  constructor(
    readonly hashes: Uint32Array,
    readonly idf: Float32Array,
  ) {
    this.column = FeatureIndex.of(hashes);
  }

  get size() {
    return this.hashes.length;
  }

  static build(documents: ReadonlyArray<Map<number, number>>): Vocabulary {
    const df = new Map<number, number>();
    for (const doc of documents) for (const id of doc.keys()) df.set(id, (df.get(id) ?? 0) + 1);
    // Sorted, so the same data gives the same columns whatever order the maps were filled in.
    const hashes = Uint32Array.from([...df.keys()].sort((a, b) => a - b));
    const idf = new Float32Array(hashes.length);
    const n = documents.length;
    for (let i = 0; i < hashes.length; i++)
      idf[i] = Math.log((1 + n) / (1 + (df.get(hashes[i] as number) ?? 0))) + 1;
    return new Vocabulary(hashes, idf);
  }

  /** Sublinear tf x idf at unit length; `known` is the share of the input's features seen in training. */
  vectorise(counts: Map<number, number>): SparseVector & { known: number } {
    const indices: number[] = [];
    const values: number[] = [];
    let norm = 0;
    let total = 0;
    let seen = 0;
    for (const [hash, count] of counts) {
      total += count;
      const column = this.column.get(hash);
      if (column < 0) continue;
      seen += count;
      const value = (1 + Math.log(count + 1) - Math.log(2)) * (this.idf[column] as number);
      indices.push(column);
      values.push(value);
      norm += value * value;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    const out = {
      indices: Int32Array.from(indices),
      values: new Float32Array(values.length),
      known: total > 0 ? seen / total : 0,
    };
    for (let i = 0; i < values.length; i++) out.values[i] = (values[i] as number) * scale;
    return out;
  }
}
