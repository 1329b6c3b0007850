import { seededRandom, shuffleInPlace } from '../text/hash';
import type { SparseVector } from './features';
import { logits } from './softmax';

/**
 * A multiclass large-margin linear model (Crammer-Singer hinge, averaged SGD): the second
 * member of the intent ensemble. Where softmax spreads its updates over every class in
 * proportion to its probability, this one only moves the true class and its closest rival,
 * and only while their margin is under 1: it errs on different examples, and the sum of the
 * two errs on fewer than either. Weights are laid out as softmax's, so the two add up into one
 * matrix and prediction costs nothing more.
 */
export interface MarginOptions {
  epochs: number;
  learningRate: number;
  seed: number;
}

export function trainMargin(
  rows: readonly SparseVector[],
  labels: readonly number[],
  classes: number,
  features: number,
  options: MarginOptions,
): Float32Array {
  const w = new Float32Array(features * classes);
  const u = new Float32Array(features * classes);
  const none = new Float32Array(classes);
  const scores = new Float64Array(classes);
  const order = rows.map((_, i) => i);
  const random = seededRandom(options.seed);
  let t = 1;
  const total = options.epochs * rows.length;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    shuffleInPlace(order, random);
    for (const r of order) {
      const row = rows[r] as SparseVector;
      const label = labels[r] as number;
      logits(w, none, classes, row, scores);
      let rival = -1;
      for (let c = 0; c < classes; c++) {
        if (c !== label && (rival < 0 || (scores[c] as number) > (scores[rival] as number))) rival = c;
      }
      if (rival >= 0 && (scores[label] as number) - (scores[rival] as number) < 1) {
        const rate = options.learningRate * (1 - (t - 1) / total) + 0.01;
        for (let k = 0; k < row.indices.length; k++) {
          const base = (row.indices[k] as number) * classes;
          const delta = rate * (row.values[k] as number);
          w[base + label] = (w[base + label] as number) + delta;
          u[base + label] = (u[base + label] as number) + t * delta;
          w[base + rival] = (w[base + rival] as number) - delta;
          u[base + rival] = (u[base + rival] as number) - t * delta;
        }
      }
      t++;
    }
  }
  for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - (u[i] as number) / t;
  return w;
}

const norm = (v: Float32Array) => {
  let sum = 0;
  for (const x of v) sum += x * x;
  return Math.sqrt(sum);
};

/**
 * Adds `other` into `weights`, scaled to `share` of their size, then brings the sum back to
 * the size `weights` had: the ensemble changes the direction of the model, not how sure it
 * is, so the confidence stays as calibrated as the softmax's.
 */
export function addScaled(weights: Float32Array, other: Float32Array, share: number) {
  const size = norm(weights);
  const otherSize = norm(other);
  if (otherSize === 0 || size === 0) return;
  const scale = (share * size) / otherSize;
  for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) + scale * (other[i] as number);
  const back = size / norm(weights);
  for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) * back;
}
