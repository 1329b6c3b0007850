/**
 * The plain baseline of issue 12, a measuring stick only (not part of the engine, not exported
 * from the package): TF-IDF over word 1-2-grams and character 2-5-grams within words (each
 * block with sublinear tf, smoothed idf and l2 norm, as scikit-learn's TfidfVectorizer with
 * `sublinear_tf=True`, `analyzer='char_wb'` for the characters), one-vs-rest linear SVMs with
 * the squared hinge loss (C = 1, bias as a constant feature), trained by dual coordinate
 * descent (Hsieh et al. 2008, liblinear's solver 1 without shrinking) in a seeded order.
 * The same data gives the same model.
 */

export interface SvmBaselineOptions {
  /** Soft-margin cost (liblinear's C). */
  c?: number;
  /** Stop when the projected gradient's spread over an epoch falls under this (liblinear's eps). */
  tolerance?: number;
  maxEpochs?: number;
  seed?: number;
}

export interface SvmBaseline {
  classes: string[];
  /** Scores of every class for a text, in `classes` order. */
  scores(text: string): Float64Array;
  /** The class with the highest score (ties: the first in `classes`). */
  predict(text: string): string;
}

interface SparseRow {
  index: Int32Array;
  value: Float64Array;
}

const WORD = /[\p{L}\p{N}_]{2,}/gu;

/** Word 1-2-grams (tokens of two or more word characters, lowercased). */
export function wordGrams(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  const grams = words.map((w) => `w:${w}`);
  for (let i = 1; i < words.length; i++) grams.push(`b:${words[i - 1]} ${words[i]}`);
  return grams;
}

/** Character 2-5-grams of each whitespace-separated word, padded with a space either side. */
export function charGrams(text: string): string[] {
  const grams: string[] = [];
  for (const word of text.toLowerCase().split(/\s+/)) {
    if (word === '') continue;
    const padded = ` ${word} `;
    for (let n = 2; n <= 5; n++) {
      for (let i = 0; i + n <= padded.length; i++) grams.push(`c:${padded.slice(i, i + n)}`);
      if (n >= padded.length) break;
    }
  }
  return grams;
}

/** One TF-IDF block: a vocabulary fitted on the training texts and its idf. */
class TfidfBlock {
  readonly vocabulary = new Map<string, number>();
  idf = new Float64Array(0);

  constructor(
    private readonly analyse: (text: string) => string[],
    readonly offset: number,
  ) {}

  fit(texts: readonly string[]): number {
    const df: number[] = [];
    for (const text of texts) {
      for (const gram of new Set(this.analyse(text))) {
        let id = this.vocabulary.get(gram);
        if (id === undefined) {
          id = this.vocabulary.size;
          this.vocabulary.set(gram, id);
          df.push(0);
        }
        df[id] = (df[id] as number) + 1;
      }
    }
    const n = texts.length;
    this.idf = Float64Array.from(df, (d) => Math.log((1 + n) / (1 + d)) + 1);
    return this.vocabulary.size;
  }

  /** Sublinear tf times idf, l2-normalised; unknown grams are dropped. */
  transform(text: string): Map<number, number> {
    const tf = new Map<number, number>();
    for (const gram of this.analyse(text)) {
      const id = this.vocabulary.get(gram);
      if (id !== undefined) tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    let norm = 0;
    const out = new Map<number, number>();
    for (const [id, count] of tf) {
      const v = (1 + Math.log(count)) * (this.idf[id] as number);
      out.set(this.offset + id, v);
      norm += v * v;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [id, v] of out) out.set(id, v / norm);
    return out;
  }
}

/** Mulberry32: a small seeded generator, so the solver's order is the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trains the baseline on labelled texts. */
export function trainSvmBaseline(
  rows: ReadonlyArray<{ text: string; intent: string }>,
  options: SvmBaselineOptions = {},
): SvmBaseline {
  const c = options.c ?? 1;
  const tolerance = options.tolerance ?? 0.1;
  const maxEpochs = options.maxEpochs ?? 200;
  const texts = rows.map((r) => r.text);
  const words = new TfidfBlock(wordGrams, 0);
  const wordCount = words.fit(texts);
  const chars = new TfidfBlock(charGrams, wordCount);
  const charCount = chars.fit(texts);
  const bias = wordCount + charCount;
  const dimension = bias + 1;
  const vectorise = (text: string): SparseRow => {
    const merged = [...words.transform(text), ...chars.transform(text), [bias, 1] as [number, number]];
    return {
      index: Int32Array.from(merged, ([i]) => i),
      value: Float64Array.from(merged, ([, v]) => v),
    };
  };
  const x = texts.map(vectorise);
  const classes = [...new Set(rows.map((r) => r.intent))].sort();
  const classOf = rows.map((r) => classes.indexOf(r.intent));
  // Squared hinge: the dual's diagonal gains 1 / (2C) and alpha has no upper bound.
  const diagonal = 1 / (2 * c);
  const qii = x.map((row) => row.value.reduce((s, v) => s + v * v, 0) + diagonal);
  const weights: Float32Array[] = [];
  const w = new Float64Array(dimension);
  const alpha = new Float64Array(x.length);
  const order = Int32Array.from(x.keys());
  for (let k = 0; k < classes.length; k++) {
    w.fill(0);
    alpha.fill(0);
    const next = random((options.seed ?? 1) + k);
    for (let epoch = 0; epoch < maxEpochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const t = order[i] as number;
        order[i] = order[j] as number;
        order[j] = t;
      }
      let maxPg = Number.NEGATIVE_INFINITY;
      let minPg = Number.POSITIVE_INFINITY;
      for (const i of order) {
        const row = x[i] as SparseRow;
        const y = classOf[i] === k ? 1 : -1;
        let dot = 0;
        for (let n = 0; n < row.index.length; n++)
          dot += (w[row.index[n] as number] as number) * (row.value[n] as number);
        const a = alpha[i] as number;
        const g = y * dot - 1 + diagonal * a;
        const pg = a === 0 ? Math.min(g, 0) : g;
        if (pg > maxPg) maxPg = pg;
        if (pg < minPg) minPg = pg;
        if (pg === 0) continue;
        const updated = Math.max(a - g / (qii[i] as number), 0);
        const step = (updated - a) * y;
        alpha[i] = updated;
        for (let n = 0; n < row.index.length; n++) {
          const f = row.index[n] as number;
          w[f] = (w[f] as number) + step * (row.value[n] as number);
        }
      }
      if (maxPg - minPg <= tolerance) break;
    }
    weights.push(Float32Array.from(w));
  }
  const scores = (text: string) => {
    const row = vectorise(text);
    return Float64Array.from(weights, (wk) => {
      let s = 0;
      for (let n = 0; n < row.index.length; n++)
        s += (wk[row.index[n] as number] as number) * (row.value[n] as number);
      return s;
    });
  };
  return {
    classes,
    scores,
    predict(text) {
      const s = scores(text);
      let best = 0;
      for (let k = 1; k < s.length; k++) if ((s[k] as number) > (s[best] as number)) best = k;
      return classes[best] as string;
    },
  };
}
