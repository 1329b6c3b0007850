import { describe, expect, test } from 'vitest';
import {
  answerContains,
  overallRetrieval,
  rankedDocuments,
  scoreQuestionRetrieval,
} from './evaluation-scoring';

describe('evaluation scoring', () => {
  test('passages count as their documents, first place kept, names compared without case or extension', () => {
    expect(rankedDocuments(['Prices.pdf', 'handbook.txt', 'prices.pdf', 'FAQ.md'])).toEqual([
      'prices',
      'handbook',
      'faq',
    ]);
  });

  test('hit@k, reciprocal rank and nDCG@10 against the expected sources', () => {
    const retrieved = ['faq.md', 'faq.md', 'handbook.txt', 'prices.pdf'];
    expect(scoreQuestionRetrieval(retrieved, ['Handbook'], 1)).toEqual({
      hitAtK: 0,
      reciprocalRank: 0.5,
      ndcgAt10: 1 / Math.log2(3),
    });
    expect(scoreQuestionRetrieval(retrieved, ['handbook.txt'], 2)?.hitAtK).toBe(1);
    const both = scoreQuestionRetrieval(retrieved, ['handbook.txt', 'prices.pdf'], 5);
    expect(both?.ndcgAt10).toBeCloseTo((1 / Math.log2(3) + 1 / Math.log2(4)) / (1 + 1 / Math.log2(3)), 10);
    expect(scoreQuestionRetrieval(retrieved, ['other.pdf'], 5)).toEqual({
      hitAtK: 0,
      reciprocalRank: 0,
      ndcgAt10: 0,
    });
    expect(scoreQuestionRetrieval(retrieved, [], 5)).toBeNull();
  });

  test('the run means only the questions that named sources', () => {
    expect(
      overallRetrieval(
        [
          { hitAtK: 1, reciprocalRank: 1, ndcgAt10: 1 },
          null,
          { hitAtK: 0, reciprocalRank: 0.5, ndcgAt10: 0.5 },
        ],
        5,
      ),
    ).toEqual({ k: 5, hitAtK: 0.5, mrr: 0.75, ndcgAt10: 0.75, questions: 2 });
  });

  test('contains ignores case, spacing and punctuation, but not part of a word', () => {
    expect(answerContains('We open at 9:00, Monday to Friday.', 'monday  to friday')).toBe(true);
    expect(answerContains('We open at 9:00.', '9 00')).toBe(true);
    expect(answerContains('Opening at 19.', 'at 9')).toBe(false);
    expect(answerContains('Anything', '  ')).toBe(false);
  });
});
