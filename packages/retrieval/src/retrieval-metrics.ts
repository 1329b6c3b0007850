/**
 * Retrieval quality of one question: `ranked` is what was retrieved, best first; `relevance` gives
 * each relevant item's grade (1 when judgements are yes/no; items absent are not relevant).
 */
export interface Judged {
  ranked: readonly string[];
  relevance: ReadonlyMap<string, number>;
}

/** 1 when a relevant item is among the first k, else 0. */
export function hitAtK({ ranked, relevance }: Judged, k: number): number {
  return ranked.slice(0, k).some((id) => (relevance.get(id) ?? 0) > 0) ? 1 : 0;
}

/** 1 / the rank of the first relevant item (0 when none is retrieved within `cutoff`). */
export function reciprocalRank({ ranked, relevance }: Judged, cutoff = ranked.length): number {
  const index = ranked.slice(0, cutoff).findIndex((id) => (relevance.get(id) ?? 0) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}

/**
 * nDCG@k with the gain of trec_eval (and BEIR's pytrec_eval): DCG = Σ grade / log2(rank + 1),
 * divided by the DCG of the ideal order of the judged items. 0 for a question with no relevant item.
 */
export function ndcgAtK({ ranked, relevance }: Judged, k = 10): number {
  const dcg = ranked
    .slice(0, k)
    .reduce((sum, id, index) => sum + (relevance.get(id) ?? 0) / Math.log2(index + 2), 0);
  const ideal = [...relevance.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, index) => sum + grade / Math.log2(index + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface RetrievalScores {
  questions: number;
  hitAt1: number;
  hitAt3: number;
  hitAt5: number;
  hitAt10: number;
  mrr: number;
  ndcgAt10: number;
}

/** The means over questions of hit@1/3/5/10, MRR (within 10) and nDCG@10. */
export function scoreRetrieval(judged: readonly Judged[]): RetrievalScores {
  const mean = (score: (question: Judged) => number) =>
    judged.length === 0 ? 0 : judged.reduce((sum, question) => sum + score(question), 0) / judged.length;
  return {
    questions: judged.length,
    hitAt1: mean((question) => hitAtK(question, 1)),
    hitAt3: mean((question) => hitAtK(question, 3)),
    hitAt5: mean((question) => hitAtK(question, 5)),
    hitAt10: mean((question) => hitAtK(question, 10)),
    mrr: mean((question) => reciprocalRank(question, 10)),
    ndcgAt10: mean((question) => ndcgAtK(question, 10)),
  };
}
