import { seededRandom, shuffleInPlace } from '../text/hash';
import type { Token } from '../text/tokenize';
import { type IntentScore, NONE } from '../types';
import { buildCoverage, type CoverageState, type EntityWeight, WordCoverage } from './coverage';
import { type SparseVector, utteranceFeatures, Vocabulary } from './features';
import { addScaled, trainMargin } from './margin';
import { buildNearest, NearestExamples, type NearestState } from './nearest';
import { DEFAULT_SOFTMAX, logits, type SoftmaxModel, softmaxInPlace, trainSoftmax } from './softmax';

/**
 * The intent classifier: a softmax regression over hashed word and character features (with
 * a large-margin model added in, see margin.ts), its probabilities calibrated (a temperature
 * fitted on a held-out fold of the bot's own examples), then discounted by vocabulary
 * coverage (idf-weighted, see coverage.ts): input made mostly of words the bot never saw is
 * out of scope, and its probability mass goes to None.
 */
export interface ClassifierExample {
  tokens: Token[];
  intent: string;
  /** Per token, whether it is inside a marked entity value. */
  isValue?: boolean[];
  /** Made by the engine (a swapped value, an intent's name), not written by the author. */
  augmented?: boolean;
}

export interface IntentClassifierState {
  classes: string[];
  vocabulary: { hashes: Uint32Array; idf: Float32Array };
  model: SoftmaxModel;
  temperature: number;
  /** Known words of the in-scope examples. */
  coverage: CoverageState;
  /** The share of known words a typical in-scope input has (a low percentile of held-out examples). */
  coverageReference: number;
  /** The bot's own examples, for the similarity of an input to the nearest one (null: small bot). */
  nearest: NearestState | null;
}

const HOLDOUT_SHARE = 5;
const HOLDOUT_MAX = 1500;
/** The fold model only calibrates: a sample of this size is enough and keeps training fast. */
const FOLD_TRAIN_MAX = 2000;
const MIN_FOR_HOLDOUT = 100;
const DEFAULT_COVERAGE_REFERENCE = 0.3;
const MIN_FOR_REFERENCE = 100;
/** Held-out examples that estimate the reference: enough for a stable low percentile. */
const REFERENCE_SAMPLE = 2000;
const COVERAGE_FOLDS = 5;
const COVERAGE_PERCENTILE = 0.05;
/**
 * Bounds of the reference: a bot of near-identical examples would otherwise discount every
 * input with a new word, and a bot of very varied ones none.
 */
const MIN_COVERAGE_REFERENCE = 0.15;
const MAX_COVERAGE_REFERENCE = 0.3;
const UPDATES_WANTED = 30_000;
const UPDATES_ENOUGH = 100_000;
const MIN_EPOCHS = 5;
const MARGIN_SHARE = 0.5;
const MAX_EPOCHS = 100;

/**
 * Small bots get more passes: a few dozen examples need them to fit, and they cost nothing.
 * Big ones fewer: past ~100,000 updates the model barely moves, and training must stay short.
 */
function passesFor(examples: number): number {
  const n = Math.max(1, examples);
  return Math.min(
    MAX_EPOCHS,
    Math.max(
      Math.min(DEFAULT_SOFTMAX.epochs, Math.max(MIN_EPOCHS, Math.ceil(UPDATES_ENOUGH / n))),
      Math.ceil(UPDATES_WANTED / n),
    ),
  );
}

/**
 * `withMargin`: the calibration fold leaves the margin model out (the sum keeps the softmax's
 * scale). `passes`: the fold is trained in as many passes as the full model, so it is as sure
 * of itself as the model its temperature is for.
 */
function fit(
  examples: readonly ClassifierExample[],
  classes: readonly string[],
  withMargin = true,
  passes?: number,
) {
  const counts = examples.map((e) => utteranceFeatures(e.tokens));
  const vocabulary = Vocabulary.build(counts);
  const rows = counts.map((c) => vocabulary.vectorise(c));
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const labels = examples.map((e) => classIndex.get(e.intent) as number);
  const epochs = passes ?? passesFor(examples.length);
  const model = trainSoftmax(
    rows,
    labels,
    classes.length,
    vocabulary.size,
    { ...DEFAULT_SOFTMAX, epochs },
    classes.indexOf(NONE),
  );
  // The ensemble: the margin model converges in half the passes; it weighs half the softmax
  // (more sharpens in-scope ranking further but leaves less for None on out-of-scope input).
  if (withMargin) {
    const margin = trainMargin(rows, labels, classes.length, vocabulary.size, {
      epochs: Math.ceil(epochs / 2),
      learningRate: 0.5,
      seed: 13,
    });
    addScaled(model.weights, margin, MARGIN_SHARE);
  }
  // Only in-scope examples: a word of a None example is no sign that the bot knows the input.
  const coverage = buildCoverage(examples.filter((e) => e.intent !== NONE).map((e) => e.tokens));
  return { vocabulary, model, coverage };
}

export function trainIntentClassifier(examples: readonly ClassifierExample[]): IntentClassifierState {
  const classes = [...new Set(examples.map((e) => e.intent))].sort((a, b) =>
    a === NONE ? 1 : b === NONE ? -1 : a < b ? -1 : a > b ? 1 : 0,
  );
  let temperature = 1;
  // Only examples the author wrote (and the engine's None phrases) are held out: a variant made
  // from one (a swapped value, an intent's name) scores as its source does, and held out beside
  // it, it made the fold look sure and the fitted temperature swing (0.2-1.5 on the Braun sets
  // as a few examples were added).
  const own = examples.flatMap((e, i) => (e.augmented ? [] : [i]));
  if (own.length >= MIN_FOR_HOLDOUT && classes.length > 1) {
    const order = shuffleInPlace(
      examples.map((_, i) => i),
      seededRandom(97),
    );
    const isOwn = new Set(own);
    const candidates = order.filter((i) => isOwn.has(i));
    const holdoutSize = Math.min(HOLDOUT_MAX, Math.floor(candidates.length / HOLDOUT_SHARE));
    const held = new Set(candidates.slice(0, holdoutSize));
    const foldTrain = order
      .filter((i) => !held.has(i))
      .slice(0, FOLD_TRAIN_MAX)
      .sort((a, b) => a - b)
      .map((i) => examples[i] as ClassifierExample);
    const foldTest = [...held].sort((a, b) => a - b).map((i) => examples[i] as ClassifierExample);
    const fold = fit(foldTrain, classes, false, passesFor(examples.length));
    const outputs = foldTest.map((e) => {
      const row = fold.vocabulary.vectorise(utteranceFeatures(e.tokens));
      return logits(
        fold.model.weights,
        fold.model.bias,
        classes.length,
        row,
        new Float64Array(classes.length),
      );
    });
    temperature = fitTemperature(
      outputs,
      foldTest.map((e) => classes.indexOf(e.intent)),
    );
  }
  const full = fit(examples, classes);
  const inScope = examples.filter((e) => e.intent !== NONE);
  const coverageReference = referenceCoverage(inScope.map((e) => e.tokens));
  const written = inScope.filter((e) => !e.augmented);
  const nearest = buildNearest(
    written.map((e) => e.tokens),
    written.map((e) => e.isValue),
  );
  return {
    classes,
    vocabulary: { hashes: full.vocabulary.hashes, idf: full.vocabulary.idf },
    model: full.model,
    temperature,
    coverage: full.coverage,
    coverageReference,
    nearest,
  };
}

/**
 * The coverage a typical in-scope input reaches: a low percentile of each example's coverage
 * by the words of the other folds (words only, no model: cheap at any size). Below it, the
 * classifier's confidence is discounted.
 */
function referenceCoverage(sentences: ReadonlyArray<readonly Token[]>): number {
  if (sentences.length < MIN_FOR_REFERENCE) return DEFAULT_COVERAGE_REFERENCE;
  const order = shuffleInPlace(
    sentences.map((_, i) => i),
    seededRandom(101),
  ).slice(0, REFERENCE_SAMPLE);
  const values: number[] = [];
  for (let fold = 0; fold < COVERAGE_FOLDS; fold++) {
    const heldOut = new Set(order.filter((_, k) => k % COVERAGE_FOLDS === fold));
    const coverage = new WordCoverage(buildCoverage(sentences.filter((_, i) => !heldOut.has(i))));
    for (const i of heldOut) values.push(coverage.of(sentences[i] as Token[]));
  }
  values.sort((a, b) => a - b);
  const low = values[Math.floor(values.length * COVERAGE_PERCENTILE)] as number;
  return Math.min(MAX_COVERAGE_REFERENCE, Math.max(MIN_COVERAGE_REFERENCE, low));
}

/** The temperature that minimises the held-out negative log-likelihood (a grid: deterministic). */
function fitTemperature(outputs: readonly Float64Array[], labels: readonly number[]): number {
  let best = 1;
  let bestLoss = Number.POSITIVE_INFINITY;
  for (let t = 0.2; t <= 4.0001; t += 0.1) {
    let loss = 0;
    outputs.forEach((raw, i) => {
      const p = softmaxInPlace(Float64Array.from(raw), t);
      loss -= Math.log(Math.max(1e-12, p[labels[i] as number] as number));
    });
    if (loss < bestLoss - 1e-9) {
      bestLoss = loss;
      best = Math.round(t * 10) / 10;
    }
  }
  return best;
}

export class IntentClassifier {
  private readonly vocabulary: Vocabulary;
  private readonly coverage: WordCoverage;
  private readonly nearest: NearestExamples | null;
  private readonly buffer: Float64Array;
  /** The probabilities of the last tokens ranked: a second ranking with entities reuses them. */
  private last: { tokens: readonly Token[]; probabilities: Float64Array } | undefined;

  constructor(readonly state: IntentClassifierState) {
    this.vocabulary = new Vocabulary(state.vocabulary.hashes, state.vocabulary.idf);
    this.coverage = new WordCoverage(state.coverage);
    this.nearest = state.nearest ? new NearestExamples(state.nearest) : null;
    this.buffer = new Float64Array(state.classes.length);
  }

  /** Every intent with its calibrated confidence, best first; None takes what is out of scope. */
  /** `entityWeight`: how much tokens inside recognised entities count (their words need not be known). */
  rank(tokens: readonly Token[], entityWeight?: EntityWeight): IntentScore[] {
    const { classes } = this.state;
    const probabilities = this.probabilities(tokens);
    // An input of entity values only ('tomorrow', 'John') is judged on all its words.
    const counts = WordCoverage.counts(tokens, entityWeight);
    const known = counts ? this.coverage.of(tokens, entityWeight) : this.coverage.of(tokens);
    const skip = counts && entityWeight ? (t: Token) => entityWeight(t) < 1 : undefined;
    const inScope = Math.min(
      1,
      known / this.state.coverageReference,
      this.nearest?.inScope(tokens, skip) ?? 1,
    );
    const scores: IntentScore[] = [];
    let real = 0;
    classes.forEach((intent, i) => {
      if (intent === NONE) return;
      const score = (probabilities[i] as number) * inScope;
      real += score;
      scores.push({ intent, score });
    });
    scores.push({ intent: NONE, score: Math.max(0, 1 - real) });
    return scores
      .map((s) => ({ intent: s.intent, score: Math.round(s.score * 10000) / 10000 }))
      .sort((a, b) => b.score - a.score || (a.intent < b.intent ? -1 : 1));
  }

  /**
   * Whether nothing marks the input as foreign: the bot's in-scope examples hold every word of
   * it (numbers aside) and, in a big bot, it is as close to one of them as a typical input.
   */
  looksInScope(tokens: readonly Token[]): boolean {
    return this.coverage.of(tokens) >= 1 && (this.nearest?.inScope(tokens) ?? 1) >= 1;
  }

  /** The likeliest intent other than None (what the entity tagger reads). */
  bestIntent(tokens: readonly Token[]): string {
    const { classes } = this.state;
    const probabilities = this.probabilities(tokens);
    let best = -1;
    classes.forEach((intent, i) => {
      if (intent !== NONE && (best < 0 || (probabilities[i] as number) > (probabilities[best] as number)))
        best = i;
    });
    return classes[best] ?? NONE;
  }

  private probabilities(tokens: readonly Token[]): Float64Array {
    if (this.last?.tokens === tokens) return this.last.probabilities;
    const { classes, model, temperature } = this.state;
    const row: SparseVector = this.vocabulary.vectorise(utteranceFeatures(tokens));
    const probabilities = softmaxInPlace(
      logits(model.weights, model.bias, classes.length, row, this.buffer),
      temperature,
    );
    this.last = { tokens, probabilities };
    return probabilities;
  }
}
