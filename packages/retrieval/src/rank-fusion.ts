/** The constant of Cormack, Clarke and Büttcher (2009): ranks past the first few weigh little more than one another. */
export const RRF_K = 60;

export interface FusedItem<T> {
  item: T;
  score: number;
}

/**
 * Reciprocal rank fusion: each list gives an item 1 / (k + rank), and an item's score is the sum
 * over the lists it is in. Only ranks count, never the lists' own scores, which are on scales
 * that cannot be added (BM25 against cosine). Ties keep the order in which items were first met.
 */
export function reciprocalRankFusion<T>(
  rankings: ReadonlyArray<readonly T[]>,
  keyOf: (item: T) => string,
  k = RRF_K,
): FusedItem<T>[] {
  const fused = new Map<string, FusedItem<T>>();
  for (const ranking of rankings) {
    ranking.forEach((item, index) => {
      const key = keyOf(item);
      const entry = fused.get(key) ?? { item, score: 0 };
      entry.score += 1 / (k + index + 1);
      fused.set(key, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
