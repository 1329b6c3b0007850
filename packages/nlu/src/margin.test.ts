import { describe, expect, it } from 'vitest';
import type { SparseVector } from './intents/features';
import { addScaled, trainMargin } from './intents/margin';
import { logits } from './intents/softmax';

const row = (entries: Array<[number, number]>): SparseVector => ({
  indices: Int32Array.from(entries.map(([i]) => i)),
  values: Float32Array.from(entries.map(([, v]) => v)),
});

describe('the large-margin member of the intent ensemble', () => {
  // Three classes, each with its own feature, and a feature (3) every class shares.
  const rows = [
    row([
      [0, 0.9],
      [3, 0.4],
    ]),
    row([
      [1, 0.9],
      [3, 0.4],
    ]),
    row([
      [2, 0.9],
      [3, 0.4],
    ]),
  ];
  const labels = [0, 1, 2];
  const options = { epochs: 10, learningRate: 0.5, seed: 3 };

  it('separates the classes by a margin, the same way every time', () => {
    const weights = trainMargin(rows, labels, 3, 4, options);
    expect(trainMargin(rows, labels, 3, 4, options)).toEqual(weights);
    rows.forEach((r, label) => {
      const scores = logits(weights, new Float32Array(3), 3, r, new Float64Array(3));
      const rivals = [...scores].filter((_, c) => c !== label);
      expect(scores[label] as number).toBeGreaterThan(Math.max(...rivals) + 0.5);
    });
  });

  it('adds into another model at a share of its size, keeping that size', () => {
    const base = Float32Array.from([3, 0, 0, 4]);
    addScaled(base, Float32Array.from([0, 1, 0, 0]), 0.75);
    // |base| = 5: the other model is scaled to 3.75, and the sum (3, 3.75, 0, 4) back to size 5.
    expect([...base].map((x) => Math.round(x * 1000) / 1000)).toEqual([2.4, 3, 0, 3.2]);
    const untouched = Float32Array.from([1, 2]);
    addScaled(untouched, new Float32Array(2), 1);
    expect([...untouched]).toEqual([1, 2]);
  });
});
