import { FeatureIndex } from '../text/feature-index';
import { hashMore, hashPair, hashPrefix, hashString, seededRandom, shuffleInPlace } from '../text/hash';
import type { Token } from '../text/tokenize';
import type { Gazetteer } from './gazetteer';

/**
 * The sequence tagger of learned (simple) entities: an averaged perceptron over BIO labels
 * with token features (word, stem, shape, affixes, neighbours, gazetteer marks) and label
 * transitions, decoded left to right with the BIO constraint (I-x only after B-x or I-x).
 */
export interface TaggedSentence {
  tokens: Token[];
  /** One label a token: 'O', 'B-x' or 'I-x' (x: entity, or entity:role). */
  labels: string[];
  /** The sentence's intent: the same words are different entities in different intents. */
  intent?: string;
  /** The gazetteer its features read while training (default: the tagger's). */
  gazetteer?: Gazetteer;
}

export interface TaggerModel {
  labels: string[];
  featureHashes: Uint32Array;
  /** featureHashes.length x labels.length */
  weights: Float32Array;
  /** (labels.length + 1) x labels.length: row 0 is the sentence start. */
  transitions: Float32Array;
}

const shapeOf = (text: string) =>
  text
    .replace(/\p{Lu}+/gu, 'A')
    .replace(/\p{Ll}+/gu, 'a')
    .replace(/\p{N}+/gu, '0')
    .slice(0, 6);

/** Shapes of words met lately: three regex passes a token were a good part of tagging. */
const shapes = new Map<string, string>();
function cachedShape(text: string): string {
  let shape = shapes.get(text);
  if (shape === undefined) {
    shape = shapeOf(text);
    if (shapes.size > 50_000) shapes.clear();
    shapes.set(text, shape);
  }
  return shape;
}

/** The feature templates, as hash states of their names (see hashMore). */
const TEMPLATES = [
  ...['w', 's', 'sh', 'p3', 'x3', 'x2', 'w-1', 'w+1', 'w-2', 'w+2', 'len'],
  ...['s-1s0', 's0s+1', 's-2s-1', 's+1s+2', 'g', 'gw', 'i', 'iw', 'iw-1'],
] as const;
type Template = (typeof TEMPLATES)[number];
const F = Object.fromEntries(TEMPLATES.map((name) => [name, hashPrefix(`${name}:`)])) as Record<
  Template,
  number
>;
const BIAS = hashString('bias');
const one = (template: Template, value: string, from = 0, to = value.length) =>
  hashMore(F[template], value, from, to) >>> 0;
const pair = (template: Template, a: string, b: string) => hashPair(F[template], a, b);

/**
 * Label-independent features of every token of a sentence, as hashes: the hashes of strings
 * such as `w-1:the` or `s-1s0:the|cat`, computed without building them.
 */
export function tokenFeatures(tokens: readonly Token[], gazetteer: Gazetteer, intent?: string): number[][] {
  const marks = gazetteer.marks(tokens);
  const at = (i: number) => (i < 0 ? '<s>' : i >= tokens.length ? '</s>' : (tokens[i] as Token).plain);
  const stemAt = (i: number) => (i < 0 ? '<s>' : i >= tokens.length ? '</s>' : (tokens[i] as Token).stem);
  return tokens.map((token, i) => {
    const plain = token.plain;
    const f = [
      BIAS,
      one('w', plain),
      one('s', token.stem),
      one('sh', cachedShape(token.text)),
      one('p3', plain, 0, Math.min(3, plain.length)),
      one('x3', plain, Math.max(0, plain.length - 3)),
      one('x2', plain, Math.max(0, plain.length - 2)),
      one('w-1', at(i - 1)),
      one('w+1', at(i + 1)),
      one('w-2', at(i - 2)),
      one('w+2', at(i + 2)),
      pair('s-1s0', stemAt(i - 1), token.stem),
      pair('s0s+1', token.stem, stemAt(i + 1)),
      pair('s-2s-1', stemAt(i - 2), stemAt(i - 1)),
      pair('s+1s+2', stemAt(i + 1), stemAt(i + 2)),
      one('len', String(Math.min(plain.length, 8))),
    ];
    for (const mark of marks[i] ?? []) f.push(one('g', mark), pair('gw', mark, plain));
    if (intent !== undefined)
      f.push(one('i', intent), pair('iw', intent, plain), pair('iw-1', intent, at(i - 1)));
    return f;
  });
}

export interface TaggerOptions {
  /** Passes over the sentences; left out, as many as the data's size calls for (taggerPasses). */
  epochs?: number;
  seed: number;
}

/**
 * Four passes, fewer on big data: past ~250,000 token updates the tagger barely moves (Snips'
 * 140,000 tokens: entity F1 0.954 in four passes, 0.950 in two) and each pass costs ~1 s there,
 * a fifth of the 10-second training budget for 15,000 utterances.
 */
const MAX_PASSES = 4;
const MIN_PASSES = 2;
const TOKEN_UPDATES_ENOUGH = 250_000;
/** From this many tokens, features met once are left out (see indexFeatures). */
const RARE_FEATURES_FROM = 50_000;

export function taggerPasses(tokens: number): number {
  return Math.max(MIN_PASSES, Math.min(MAX_PASSES, Math.ceil(TOKEN_UPDATES_ENOUGH / Math.max(1, tokens))));
}

export function trainTagger(
  sentences: readonly TaggedSentence[],
  gazetteer: Gazetteer,
  options: TaggerOptions = { seed: 11 },
): TaggerModel {
  let tokenCount = 0;
  for (const s of sentences) tokenCount += s.tokens.length;
  const epochs = options.epochs ?? taggerPasses(tokenCount);
  const labelSet = new Set<string>(['O']);
  for (const s of sentences) for (const l of s.labels) labelSet.add(l);
  const labels = ['O', ...[...labelSet].filter((l) => l !== 'O').sort()];
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const L = labels.length;
  const features = sentences.map((s) => tokenFeatures(s.tokens, s.gazetteer ?? gazetteer, s.intent));
  const { featureHashes, rows } = indexFeatures(features, tokenCount >= RARE_FEATURES_FROM ? 2 : 1);
  const gold = sentences.map((s) => s.labels.map((l) => labelIndex.get(l) as number));

  const w = new Float32Array(featureHashes.length * L);
  const u = new Float32Array(featureHashes.length * L);
  const tr = new Float32Array((L + 1) * L);
  const ut = new Float32Array((L + 1) * L);
  const allowed = allowedTransitions(labels);
  const scores = new Float64Array(L);
  const order = sentences.map((_, i) => i);
  const random = seededRandom(options.seed);
  let t = 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const s of order) {
      const tokenRows = rows[s] as Int32Array[];
      const goldLabels = gold[s] as number[];
      let previous = 0; // the start row
      let goldPrevious = 0;
      for (let i = 0; i < tokenRows.length; i++) {
        const feats = tokenRows[i] as Int32Array;
        const guess = bestLabel(w, tr, allowed, L, feats, previous, scores);
        const truth = goldLabels[i] as number;
        if (guess !== truth || previous !== goldPrevious) {
          for (const f of feats) {
            w[f * L + truth] = (w[f * L + truth] as number) + 1;
            u[f * L + truth] = (u[f * L + truth] as number) + t;
            if (guess !== truth) {
              w[f * L + guess] = (w[f * L + guess] as number) - 1;
              u[f * L + guess] = (u[f * L + guess] as number) - t;
            }
          }
          tr[goldPrevious * L + truth] = (tr[goldPrevious * L + truth] as number) + 1;
          ut[goldPrevious * L + truth] = (ut[goldPrevious * L + truth] as number) + t;
          tr[previous * L + guess] = (tr[previous * L + guess] as number) - 1;
          ut[previous * L + guess] = (ut[previous * L + guess] as number) - t;
        }
        // Train on the gold history: errors do not cascade while learning.
        previous = truth + 1;
        goldPrevious = truth + 1;
        t++;
      }
    }
  }
  for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - (u[i] as number) / t;
  for (let i = 0; i < tr.length; i++) tr[i] = (tr[i] as number) - (ut[i] as number) / t;
  return { labels, featureHashes, weights: w, transitions: tr };
}

/**
 * Feature hashes to weight rows, in the order first met (the same data gives the same rows),
 * leaving out those met fewer than `minCount` times: on big data a feature met once is
 * memorisation, and the weight rows of all of them are most of the tagger's memory.
 */
function indexFeatures(features: readonly number[][][], minCount: number) {
  const index = new FeatureIndex(1 << 16);
  const hashes: number[] = [];
  const counts: number[] = [];
  for (const sentence of features) {
    for (const token of sentence) {
      for (const h of token) {
        const c = index.add(h);
        if (c === hashes.length) {
          hashes.push(h);
          counts.push(0);
        }
        counts[c] = (counts[c] as number) + 1;
      }
    }
  }
  const row = new Int32Array(hashes.length).fill(-1);
  const kept: number[] = [];
  hashes.forEach((h, c) => {
    if ((counts[c] as number) < minCount) return;
    row[c] = kept.length;
    kept.push(h);
  });
  const rows = features.map((sentence) =>
    sentence.map((token) => {
      const out: number[] = [];
      for (const h of token) {
        const r = row[index.get(h)] as number;
        if (r >= 0) out.push(r);
      }
      return Int32Array.from(out);
    }),
  );
  return { featureHashes: Uint32Array.from(kept), rows };
}

/** allowed[(previous + 1) * L + label]: BIO forbids I-x after anything but B-x / I-x. */
function allowedTransitions(labels: readonly string[]): Uint8Array {
  const L = labels.length;
  const allowed = new Uint8Array((L + 1) * L);
  for (let p = -1; p < L; p++) {
    const previous = p < 0 ? 'O' : (labels[p] as string);
    for (let l = 0; l < L; l++) {
      const label = labels[l] as string;
      const ok = !label.startsWith('I-') || previous.slice(2) === label.slice(2);
      allowed[(p + 1) * L + l] = ok ? 1 : 0;
    }
  }
  return allowed;
}

function bestLabel(
  w: Float32Array,
  tr: Float32Array,
  allowed: Uint8Array,
  L: number,
  feats: Int32Array,
  previous: number,
  scores: Float64Array,
): number {
  const from = previous * L;
  for (let l = 0; l < L; l++) scores[l] = tr[from + l] as number;
  // Four labels a step, as in the classifier's logits (V8 does not unroll).
  const whole = L - (L % 4);
  for (let k = 0; k < feats.length; k++) {
    const base = (feats[k] as number) * L;
    let l = 0;
    for (; l < whole; l += 4) {
      scores[l] = (scores[l] as number) + (w[base + l] as number);
      scores[l + 1] = (scores[l + 1] as number) + (w[base + l + 1] as number);
      scores[l + 2] = (scores[l + 2] as number) + (w[base + l + 2] as number);
      scores[l + 3] = (scores[l + 3] as number) + (w[base + l + 3] as number);
    }
    for (; l < L; l++) scores[l] = (scores[l] as number) + (w[base + l] as number);
  }
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let l = 0; l < L; l++) {
    if (!allowed[previous * L + l]) continue;
    if ((scores[l] as number) > bestScore) {
      bestScore = scores[l] as number;
      best = l;
    }
  }
  return best;
}

/** A trained tagger ready to label sentences. */
export class Tagger {
  private readonly row: FeatureIndex;
  private readonly allowed: Uint8Array;
  private readonly scores: Float64Array;

  constructor(
    readonly model: TaggerModel,
    private readonly gazetteer: Gazetteer,
  ) {
    this.row = FeatureIndex.of(model.featureHashes);
    this.allowed = allowedTransitions(model.labels);
    this.scores = new Float64Array(model.labels.length);
  }

  /** Spans of entities as token ranges [from, to) with their label (entity or entity:role). */
  tag(tokens: readonly Token[], intent?: string): Array<{ label: string; from: number; to: number }> {
    const L = this.model.labels.length;
    if (L <= 1 || tokens.length === 0) return [];
    const features = tokenFeatures(tokens, this.gazetteer, intent);
    const spans: Array<{ label: string; from: number; to: number }> = [];
    let previous = 0;
    let open: { label: string; from: number; to: number } | undefined;
    for (let i = 0; i < tokens.length; i++) {
      const feats = Int32Array.from((features[i] ?? []).map((h) => this.row.get(h)).filter((r) => r >= 0));
      const l = bestLabel(
        this.model.weights,
        this.model.transitions,
        this.allowed,
        L,
        feats,
        previous,
        this.scores,
      );
      const label = this.model.labels[l] as string;
      if (label.startsWith('B-')) {
        if (open) spans.push(open);
        open = { label: label.slice(2), from: i, to: i + 1 };
      } else if (label.startsWith('I-') && open) {
        open.to = i + 1;
      } else {
        if (open) spans.push(open);
        open = undefined;
      }
      previous = l + 1;
    }
    if (open) spans.push(open);
    return spans;
  }
}
