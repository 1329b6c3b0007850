import { hitAtK, type Judged, ndcgAtK, reciprocalRank } from '@parley/retrieval/core';

/**
 * Scoring an evaluation (issue 23): retrieval by documents (a question's expected sources are
 * the documents that hold its answer; the passages found are read as their documents, first
 * occurrence kept, so nDCG stays within 1), and answers by 'contains' (the expected answer
 * inside the answer, ignoring case, spacing and punctuation around words).
 */

/** A document's name as compared: lower case, without its extension and surrounding spaces. */
export function sourceKey(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.replace(/\.(txt|md|pdf|docx?|pptx|csv|json|html?)$/, '');
}

/** The documents of the passages found, best first, each once. */
export function rankedDocuments(documentNames: readonly string[]): string[] {
  const seen = new Set<string>();
  const ranked: string[] = [];
  for (const name of documentNames) {
    const key = sourceKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    ranked.push(key);
  }
  return ranked;
}

export interface QuestionRetrievalScores {
  hitAtK: number;
  reciprocalRank: number;
  ndcgAt10: number;
}

export function scoreQuestionRetrieval(
  retrievedDocumentNames: readonly string[],
  expectedSources: readonly string[],
  k: number,
): QuestionRetrievalScores | null {
  if (expectedSources.length === 0) return null;
  const judged: Judged = {
    ranked: rankedDocuments(retrievedDocumentNames),
    relevance: new Map(expectedSources.map((source) => [sourceKey(source), 1])),
  };
  return {
    hitAtK: hitAtK(judged, k),
    reciprocalRank: reciprocalRank(judged, 10),
    ndcgAt10: ndcgAtK(judged, 10),
  };
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether the answer holds the expected answer. */
export function answerContains(answer: string, expected: string): boolean {
  const wanted = normalise(expected);
  return wanted.length > 0 && ` ${normalise(answer)} `.includes(` ${wanted} `);
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The run's retrieval scores: means over the questions that named expected sources. */
export function overallRetrieval(scores: readonly (QuestionRetrievalScores | null)[], k: number) {
  const scored = scores.filter((s): s is QuestionRetrievalScores => s !== null);
  return {
    k,
    hitAtK: mean(scored.map((s) => s.hitAtK)),
    mrr: mean(scored.map((s) => s.reciprocalRank)),
    ndcgAt10: mean(scored.map((s) => s.ndcgAt10)),
    questions: scored.length,
  };
}
