import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { isBeirFolder, measureBeir, readBeirSet } from './beir-quality';

/** The quality bench's reader and scoring on a BEIR folder made here (the real sets cannot be brought in). */
describe('the BEIR quality measure', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-beir-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  test('reads corpus, queries and judgements, and scores what the passage index finds', async () => {
    const corpus = [
      { _id: 'd1', title: 'Vitamin D', text: 'Vitamin D deficiency weakens bones in older adults.' },
      { _id: 'd2', title: 'Sleep', text: 'Short sleep raises the risk of obesity in children.' },
      { _id: 'd3', title: 'Coffee', text: 'Coffee drinking is not linked to heart disease.' },
    ];
    const queries = [
      { _id: 'q1', text: 'Does vitamin D deficiency weaken bones?' },
      { _id: 'q2', text: 'Is obesity in children linked to short sleep?' },
      { _id: 'q3', text: 'Does tea cure colds?' },
    ];
    writeFileSync(path.join(folder, 'corpus.jsonl'), corpus.map((doc) => JSON.stringify(doc)).join('\n'));
    writeFileSync(
      path.join(folder, 'queries.jsonl'),
      queries.map((query) => JSON.stringify(query)).join('\n'),
    );
    mkdirSync(path.join(folder, 'qrels'));
    writeFileSync(
      path.join(folder, 'qrels', 'test.tsv'),
      'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\nq3\td3\t1\n',
    );
    expect(isBeirFolder(folder)).toBe(true);
    expect(isBeirFolder(path.join(folder, 'qrels'))).toBe(false);
    const set = readBeirSet(folder);
    expect(set.corpus).toHaveLength(3);
    expect(set.qrels.get('q2')).toEqual(new Map([['d2', 1]]));
    const scores = await measureBeir(set);
    // q1 and q2 find their document first; q3 shares no word with its judged document.
    expect(scores).toMatchObject({ documents: 3, questions: 3, hitAt1: 2 / 3, hitAt10: 2 / 3 });
    expect(scores.ndcgAt10).toBeCloseTo(2 / 3, 10);
  }, 30_000);
});
