import { FeatureIndex } from '../text/feature-index';
import { hashMore, hashPair, hashPrefix, hashString, seededRandom, shuffleInPlace } from '../text/hash';
import type { NluLanguage } from '../text/languages';
import type { Token } from '../text/tokenize';
import type { Gazetteer } from './gazetteer';
import { recognizerInputs } from './prebuilt-triggers';

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
  /** How many times a pass goes over it (default 1): a written sentence outweighs its variants. */
  repeat?: number;
}

export interface TaggerModel {
  labels: string[];
  featureHashes: Uint32Array;
  /** featureHashes.length x labels.length */
  weights: Float32Array;
  /** (labels.length + 1) x labels.length: row 0 is the sentence start. */
  transitions: Float32Array;
  /**
   * The entities (labels without B-/I-) marked in each intent's sentences: the tagger only
   * looks for those when it is told the intent. An intent with none marked is not limited.
   */
  intentEntities?: Array<[string, string[]]>;
  /**
   * The language of the prebuilt cue features (a token is a date, number or ordinal word or
   * shape, see prebuilt-triggers); absent in models trained without them.
   */
  cues?: NluLanguage;
}

/** The entities each intent's sentences mark (see TaggerModel.intentEntities). */
function entitiesByIntent(sentences: readonly TaggedSentence[]): Array<[string, string[]]> {
  const byIntent = new Map<string, Set<string>>();
  for (const s of sentences) {
    if (s.intent === undefined) continue;
    let set = byIntent.get(s.intent);
    if (!set) {
      set = new Set();
      byIntent.set(s.intent, set);
    }
    for (const l of s.labels) if (l !== 'O') set.add(l.slice(2));
  }
  return [...byIntent]
    .filter(([, set]) => set.size > 0)
    .map(([intent, set]) => [intent, [...set].sort()] as [string, string[]])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Per intent, 1 for the labels its entities allow ('O' always); none for an intent not listed. */
function intentMasks(labels: readonly string[], intentEntities: ReadonlyArray<[string, string[]]> = []) {
  const masks = new Map<string, Uint8Array>();
  for (const [intent, entities] of intentEntities) {
    const allowed = new Set(entities);
    masks.set(
      intent,
      Uint8Array.from(labels, (l) => (l === 'O' || allowed.has(l.slice(2)) ? 1 : 0)),
    );
  }
  return masks;
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

/** The prebuilt recognizers whose cue words and shapes are tagger features. */
const CUE_ENTITIES = ['Date', 'Number', 'Ordinal'] as const;
const cueCache = new Map<string, string>();

/**
 * Which recognizers' cues a word is ('Date', 'Number', 'Date+Number', ''): 'friday', 'pm',
 * 'now', 'seven', '1984'. A designer's date or number entity learns from few examples when
 * the tagger knows these words without having seen them marked.
 */
export function cueOf(word: string, language: NluLanguage): string {
  const key = `${language}|${word}`;
  let cue = cueCache.get(key);
  if (cue === undefined) {
    cue = CUE_ENTITIES.filter((e) => recognizerInputs(e, word, language).length > 0).join('+');
    if (cueCache.size > 50_000) cueCache.clear();
    cueCache.set(key, cue);
  }
  return cue;
}

/** The feature templates, as hash states of their names (see hashMore). */
const TEMPLATES = [
  ...['w', 's', 'sh', 'p3', 'x3', 'x2', 'w-1', 'w+1', 'w-2', 'w+2', 'len'],
  ...['s-1s0', 's0s+1', 's-2s-1', 's+1s+2', 'g', 'gw', 'i', 'iw', 'iw-1'],
  ...['c', 'c-1', 'c+1', 'ic', 'sh-1', 'sh+1'],
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
export function tokenFeatures(
  tokens: readonly Token[],
  gazetteer: Gazetteer,
  intent?: string,
  cues?: NluLanguage,
): number[][] {
  const marks = gazetteer.marks(tokens);
  const cue = cues ? tokens.map((t) => (t.isWord ? cueOf(t.plain, cues) : '')) : undefined;
  const at = (i: number) => (i < 0 ? '<s>' : i >= tokens.length ? '</s>' : (tokens[i] as Token).plain);
  const stemAt = (i: number) => (i < 0 ? '<s>' : i >= tokens.length ? '</s>' : (tokens[i] as Token).stem);
  return tokens.map((token, i) => {
    const plain = token.plain;
    const f = [
      BIAS,
      one('w', plain),
      one('s', token.stem),
      one('sh', cachedShape(token.text)),
      // Neighbours' shapes: a run of capitalised words is often one name.
      one('sh-1', i > 0 ? cachedShape((tokens[i - 1] as Token).text) : '<s>'),
      one('sh+1', i + 1 < tokens.length ? cachedShape((tokens[i + 1] as Token).text) : '</s>'),
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
    if (cue) {
      const here = cue[i] as string;
      if (here) {
        f.push(one('c', here));
        if (intent !== undefined) f.push(pair('ic', intent, here));
      }
      if (cue[i - 1]) f.push(one('c-1', cue[i - 1] as string));
      if (cue[i + 1]) f.push(one('c+1', cue[i + 1] as string));
    }
    return f;
  });
}

export interface TaggerOptions {
  /** The language of the prebuilt cue features (none without). */
  cues?: NluLanguage;
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
  const features = sentences.map((s) =>
    tokenFeatures(s.tokens, s.gazetteer ?? gazetteer, s.intent, options.cues),
  );
  const { featureHashes, rows } = indexFeatures(features, tokenCount >= RARE_FEATURES_FROM ? 2 : 1);
  const gold = sentences.map((s) => s.labels.map((l) => labelIndex.get(l) as number));

  const w = new Float32Array(featureHashes.length * L);
  const u = new Float32Array(featureHashes.length * L);
  const tr = new Float32Array((L + 1) * L);
  const ut = new Float32Array((L + 1) * L);
  const allowed = allowedTransitions(labels);
  const intentEntities = entitiesByIntent(sentences);
  const masks = intentMasks(labels, intentEntities);
  const sentenceMasks = sentences.map((s) => (s.intent === undefined ? undefined : masks.get(s.intent)));
  const order = sentences.map((_, i) => i);
  sentences.forEach((s, i) => {
    for (let k = 1; k < (s.repeat ?? 1); k++) order.push(i);
  });
  const random = seededRandom(options.seed);
  let t = 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const s of order) {
      const tokenRows = rows[s] as Int32Array[];
      const goldLabels = gold[s] as number[];
      const mask = sentenceMasks[s];
      // Structured perceptron: the whole sentence decoded as at prediction, then corrected.
      const guessLabels = viterbi(w, tr, allowed, mask, L, tokenRows);
      let previous = 0;
      let goldPrevious = 0;
      for (let i = 0; i < tokenRows.length; i++) {
        const guess = guessLabels[i] as number;
        const truth = goldLabels[i] as number;
        if (guess !== truth) {
          for (const f of tokenRows[i] as Int32Array) {
            w[f * L + truth] = (w[f * L + truth] as number) + 1;
            u[f * L + truth] = (u[f * L + truth] as number) + t;
            w[f * L + guess] = (w[f * L + guess] as number) - 1;
            u[f * L + guess] = (u[f * L + guess] as number) - t;
          }
        }
        if (guess !== truth || previous !== goldPrevious) {
          tr[goldPrevious * L + truth] = (tr[goldPrevious * L + truth] as number) + 1;
          ut[goldPrevious * L + truth] = (ut[goldPrevious * L + truth] as number) + t;
          tr[previous * L + guess] = (tr[previous * L + guess] as number) - 1;
          ut[previous * L + guess] = (ut[previous * L + guess] as number) - t;
        }
        previous = guess + 1;
        goldPrevious = truth + 1;
      }
      t++;
    }
  }
  for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - (u[i] as number) / t;
  for (let i = 0; i < tr.length; i++) tr[i] = (tr[i] as number) - (ut[i] as number) / t;
  return {
    labels,
    featureHashes,
    weights: w,
    transitions: tr,
    intentEntities,
    ...(options.cues ? { cues: options.cues } : {}),
  };
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

/** A trained tagger ready to label sentences. */
export class Tagger {
  private readonly row: FeatureIndex;
  private readonly allowed: Uint8Array;
  private readonly masks: Map<string, Uint8Array>;

  constructor(
    readonly model: TaggerModel,
    private readonly gazetteer: Gazetteer,
  ) {
    this.row = FeatureIndex.of(model.featureHashes);
    this.allowed = allowedTransitions(model.labels);
    this.masks = intentMasks(model.labels, model.intentEntities);
  }

  /** Spans of entities as token ranges [from, to) with their label (entity or entity:role). */
  tag(tokens: readonly Token[], intent?: string): Array<{ label: string; from: number; to: number }> {
    const L = this.model.labels.length;
    if (L <= 1 || tokens.length === 0) return [];
    const features = tokenFeatures(tokens, this.gazetteer, intent, this.model.cues);
    const spans: Array<{ label: string; from: number; to: number }> = [];
    const mask = intent === undefined ? undefined : this.masks.get(intent);
    const rows = features.map((f) => this.rowsOf(f));
    const labelsOf = viterbi(this.model.weights, this.model.transitions, this.allowed, mask, L, rows);
    let open: { label: string; from: number; to: number } | undefined;
    for (let i = 0; i < tokens.length; i++) {
      const label = this.model.labels[labelsOf[i] as number] as string;
      if (label.startsWith('B-')) {
        if (open) spans.push(open);
        open = { label: label.slice(2), from: i, to: i + 1 };
      } else if (label.startsWith('I-') && open) {
        open.to = i + 1;
      } else {
        if (open) spans.push(open);
        open = undefined;
      }
    }
    if (open) spans.push(open);
    return spans;
  }

  private rowsOf(hashes: readonly number[]): Int32Array {
    const rows: number[] = [];
    for (const h of hashes) {
      const r = this.row.get(h);
      if (r >= 0) rows.push(r);
    }
    return Int32Array.from(rows);
  }
}

/**
 * The best sequence of labels (Viterbi over the token scores and label transitions), within
 * BIO and the intent's entities: a value's end is chosen knowing what follows it.
 */
function viterbi(
  w: Float32Array,
  tr: Float32Array,
  allowed: Uint8Array,
  mask: Uint8Array | undefined,
  L: number,
  rows: readonly Int32Array[],
): number[] {
  const n = rows.length;
  const usable: number[] = [];
  for (let l = 0; l < L; l++) if (!mask || mask[l]) usable.push(l);
  const score = new Float64Array(n * L).fill(Number.NEGATIVE_INFINITY);
  const back = new Int32Array(n * L).fill(-1);
  const emission = new Float64Array(L);
  for (let i = 0; i < n; i++) {
    emission.fill(0);
    const feats = rows[i] as Int32Array;
    for (let k = 0; k < feats.length; k++) {
      const base = (feats[k] as number) * L;
      for (let u = 0; u < usable.length; u++) {
        const l = usable[u] as number;
        emission[l] = (emission[l] as number) + (w[base + l] as number);
      }
    }
    for (const l of usable) {
      let best = Number.NEGATIVE_INFINITY;
      let from = -1;
      if (i === 0) {
        if (allowed[l]) best = tr[l] as number;
      } else {
        for (const p of usable) {
          const before = score[(i - 1) * L + p] as number;
          if (before === Number.NEGATIVE_INFINITY || !allowed[(p + 1) * L + l]) continue;
          const s = before + (tr[(p + 1) * L + l] as number);
          if (s > best) {
            best = s;
            from = p;
          }
        }
      }
      if (best === Number.NEGATIVE_INFINITY) continue;
      score[i * L + l] = best + (emission[l] as number);
      back[i * L + l] = from;
    }
  }
  let last = 0;
  let bestEnd = Number.NEGATIVE_INFINITY;
  for (const l of usable) {
    if ((score[(n - 1) * L + l] as number) > bestEnd) {
      bestEnd = score[(n - 1) * L + l] as number;
      last = l;
    }
  }
  const out = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    out[i] = last;
    last = back[i * L + last] as number;
  }
  return out;
}

/**
 * The mean of taggers trained on the same labels (other shuffles and variants): a perceptron
 * trained on a handful of sentences depends on their order; the mean does less.
 */
export function averageTaggers(models: readonly TaggerModel[]): TaggerModel {
  const first = models[0] as TaggerModel;
  if (models.length === 1) return first;
  const L = first.labels.length;
  const index = new FeatureIndex(1 << 16);
  const hashes: number[] = [];
  for (const m of models) {
    if (m.labels.join('\u0000') !== first.labels.join('\u0000')) throw new Error('Taggers of other labels.');
    for (const h of m.featureHashes) if (index.add(h) === hashes.length) hashes.push(h);
  }
  const weights = new Float32Array(hashes.length * L);
  const transitions = new Float32Array(first.transitions.length);
  const k = 1 / models.length;
  for (const m of models) {
    m.featureHashes.forEach((h, r) => {
      const to = index.get(h) * L;
      for (let l = 0; l < L; l++)
        weights[to + l] = (weights[to + l] as number) + k * (m.weights[r * L + l] as number);
    });
    for (let i = 0; i < transitions.length; i++)
      transitions[i] = (transitions[i] as number) + k * (m.transitions[i] as number);
  }
  return { ...first, featureHashes: Uint32Array.from(hashes), weights, transitions };
}
