import { describe, expect, it } from 'vitest';
import { logits } from './intents/softmax';
import { seededRandom } from './text/hash';

describe('logits', () => {
  it('sums weight x value over the input features for every class, whatever the class count', () => {
    const random = seededRandom(5);
    for (const classes of [1, 3, 4, 7, 78]) {
      const features = 20;
      const weights = Float32Array.from({ length: features * classes }, () => random() - 0.5);
      const bias = Float32Array.from({ length: classes }, () => random());
      const row = { indices: Int32Array.from([2, 7, 19]), values: Float32Array.from([0.5, -1, 2]) };
      const got = logits(weights, bias, classes, row, new Float64Array(classes));
      for (let c = 0; c < classes; c++) {
        let expected = bias[c] as number;
        row.indices.forEach((f, k) => {
          expected += (weights[f * classes + c] as number) * (row.values[k] as number);
        });
        expect(got[c]).toBeCloseTo(expected, 6);
      }
    }
  });
});
