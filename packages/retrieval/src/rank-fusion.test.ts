import { describe, expect, test } from 'vitest';
import { reciprocalRankFusion } from './rank-fusion';
import { hitAtK, ndcgAtK, reciprocalRank, scoreRetrieval } from './retrieval-metrics';

describe('reciprocalRankFusion', () => {
  test('adds 1/(k+rank) per list, so an item high in both lists beats one first in a single list', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['b', 'd', 'a'],
      ],
      (id) => id,
    );
    expect(fused.map((entry) => entry.item)).toEqual(['b', 'a', 'd', 'c']);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 62, 12);
  });
});

describe('retrieval metrics', () => {
  const relevance = new Map([
    ['d1', 2],
    ['d2', 1],
  ]);

  test('hit@k and reciprocal rank look for the first relevant item', () => {
    const judged = { ranked: ['x', 'd2', 'd1'], relevance };
    expect(hitAtK(judged, 1)).toBe(0);
    expect(hitAtK(judged, 2)).toBe(1);
    expect(reciprocalRank(judged)).toBe(0.5);
    expect(reciprocalRank(judged, 1)).toBe(0);
  });

  test('nDCG@10 against the ideal order, as trec_eval computes it', () => {
    expect(ndcgAtK({ ranked: ['d1', 'd2'], relevance })).toBe(1);
    const dcg = 1 / Math.log2(2) + 2 / Math.log2(4);
    const ideal = 2 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAtK({ ranked: ['d2', 'x', 'd1'], relevance })).toBeCloseTo(dcg / ideal, 12);
    expect(ndcgAtK({ ranked: ['x'], relevance: new Map() })).toBe(0);
  });

  test('scores are the means over the questions', () => {
    const scores = scoreRetrieval([
      { ranked: ['a'], relevance: new Map([['a', 1]]) },
      { ranked: ['b', 'a'], relevance: new Map([['a', 1]]) },
    ]);
    expect(scores).toMatchObject({ questions: 2, hitAt1: 0.5, hitAt3: 1, mrr: 0.75 });
  });
});
