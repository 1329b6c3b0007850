import { hashMore, hashPair, hashPrefix, seededRandom, shuffleInPlace } from '../text/hash';
import type { Token } from '../text/tokenize';

/**
 * How close an input comes to the nearest example the bot's author wrote: the cosine of
 * idf-weighted word and word-pair features. Coverage asks whether the input's words are known
 * anywhere in the bot, and a big bot knows most everyday words somewhere (in a song title, a
 * place name); a banking question still resembles none of a music bot's examples. Entity
 * values are left out on both sides (their words are no part of the wording), so are numbers.
 */
export interface NearestState {
  /** Feature hashes, sorted; `idf[i]` and the postings `offsets[i]..offsets[i + 1]` belong to `features[i]`. */
  features: Uint32Array;
  idf: Float32Array;
  offsets: Uint32Array;
  /** The example of each posting, and the feature's weight in that example's unit vector. */
  examples: Uint32Array;
  weights: Float32Array;
  /** The weight of a feature no example has: it counts against the input's similarity. */
  unknownIdf: number;
  /** The similarity a typical in-scope input reaches (a low percentile, leave-one-out); 0 when unknown. */
  reference: number;
}

/** `skip(token)`: a token of an entity value (or a number), replaced by a placeholder. */
export type SkipToken = (token: Token) => boolean;

/**
 * Only big bots: there coverage fails (they know every everyday word somewhere), and their
 * examples are many enough for a leave-one-out reference to stand for what users write. A small
 * bot's examples are often variations of one sentence: its reference would be too strict.
 */
export const MIN_EXAMPLES = 1000;
const REFERENCE_SAMPLE = 1000;
const PERCENTILE = 0.05;
/** Below this, even in-scope inputs share little wording with their neighbours: the signal says nothing. */
const MIN_REFERENCE = 0.15;
/**
 * Examples made from a few templates are all near-copies of each other (a reference near 1),
 * while users word things their own way: the reference never asks for more than this.
 */
const MAX_REFERENCE = 0.4;

const isNumber = (t: Token) => /\d/.test(t.text);
const WORD = hashPrefix('w:');
const PAIR = hashPrefix('b:');

function featuresOf(tokens: readonly Token[], skip?: SkipToken): Set<number> {
  const out = new Set<number>();
  let previous = '<s>';
  for (const token of tokens) {
    if (!token.isWord) continue;
    const stem = isNumber(token) || skip?.(token) ? '<v>' : token.stem;
    if (stem !== '<v>') out.add(hashMore(WORD, stem) >>> 0);
    if (stem !== '<v>' || previous !== '<v>') out.add(hashPair(PAIR, previous, stem));
    previous = stem;
  }
  if (previous !== '<s>') out.add(hashPair(PAIR, previous, '</s>'));
  return out;
}

export function buildNearest(
  sentences: ReadonlyArray<readonly Token[]>,
  isValue: ReadonlyArray<readonly boolean[] | undefined>,
): NearestState | null {
  if (sentences.length < MIN_EXAMPLES) return null;
  const docs = sentences.map((tokens, i) => {
    const values = isValue[i];
    return featuresOf(tokens, values ? (t) => values[tokens.indexOf(t)] === true : undefined);
  });
  const df = new Map<number, number>();
  for (const doc of docs) for (const f of doc) df.set(f, (df.get(f) ?? 0) + 1);
  const features = Uint32Array.from([...df.keys()].sort((a, b) => a - b));
  const column = new Map<number, number>();
  features.forEach((f, i) => {
    column.set(f, i);
  });
  const n = docs.length;
  const idf = Float32Array.from(features, (f) => Math.log((1 + n) / (1 + (df.get(f) ?? 0))) + 1);
  const offsets = new Uint32Array(features.length + 1);
  for (const doc of docs) for (const f of doc) (offsets[(column.get(f) as number) + 1] as number)++;
  for (let i = 0; i < features.length; i++)
    offsets[i + 1] = (offsets[i + 1] as number) + (offsets[i] as number);
  const fill = offsets.slice(0, features.length);
  const examples = new Uint32Array(offsets[features.length] as number);
  const weights = new Float32Array(examples.length);
  docs.forEach((doc, d) => {
    let norm = 0;
    for (const f of doc) norm += (idf[column.get(f) as number] as number) ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const f of doc) {
      const c = column.get(f) as number;
      const at = fill[c] as number;
      examples[at] = d;
      weights[at] = (idf[c] as number) * scale;
      fill[c] = at + 1;
    }
  });
  const state: NearestState = {
    features,
    idf,
    offsets,
    examples,
    weights,
    unknownIdf: Math.log(1 + n) + 1,
    reference: 0,
  };
  // Leave-one-out over a sample: each example's similarity to the nearest other one.
  const nearest = new NearestExamples(state);
  const sample = shuffleInPlace(
    docs.map((_, i) => i),
    seededRandom(103),
  ).slice(0, REFERENCE_SAMPLE);
  const values = sample
    .map((i) => {
      const values = isValue[i];
      const tokens = sentences[i] as readonly Token[];
      return nearest.similarity(tokens, values ? (t) => values[tokens.indexOf(t)] === true : undefined, i);
    })
    .sort((a, b) => a - b);
  const low = values[Math.floor(values.length * PERCENTILE)] ?? 0;
  state.reference = low >= MIN_REFERENCE ? Math.min(MAX_REFERENCE, low) : 0;
  return state;
}

export class NearestExamples {
  private readonly column = new Map<number, number>();
  private readonly scores: Float64Array;

  constructor(readonly state: NearestState) {
    state.features.forEach((f, i) => {
      this.column.set(f, i);
    });
    let count = 0;
    for (const e of state.examples) count = Math.max(count, e + 1);
    this.scores = new Float64Array(count);
  }

  /** The cosine similarity to the nearest example (but `except`), from 0 to 1. */
  similarity(tokens: readonly Token[], skip?: SkipToken, except = -1): number {
    const { idf, offsets, examples, weights, unknownIdf } = this.state;
    const known: Array<[number, number]> = [];
    let norm = 0;
    for (const f of featuresOf(tokens, skip)) {
      const c = this.column.get(f);
      const weight = c === undefined ? unknownIdf : (idf[c] as number);
      norm += weight * weight;
      if (c !== undefined) known.push([c, weight]);
    }
    if (norm === 0 || known.length === 0) return 0;
    const scores = this.scores;
    scores.fill(0);
    let best = 0;
    for (const [c, weight] of known) {
      for (let at = offsets[c] as number; at < (offsets[c + 1] as number); at++) {
        const e = examples[at] as number;
        const score = (scores[e] as number) + weight * (weights[at] as number);
        scores[e] = score;
        if (score > best && e !== except) best = score;
      }
    }
    return best / Math.sqrt(norm);
  }

  /** From 0 to 1: how far the input is from looking like the bot's typical in-scope input. */
  inScope(tokens: readonly Token[], skip?: SkipToken): number {
    if (this.state.reference === 0) return 1;
    return Math.min(1, this.similarity(tokens, skip) / this.state.reference);
  }
}
