import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Chunk } from '@parley/retrieval';
import { type Judged, type RetrievalScores, scoreRetrieval } from '@parley/retrieval/core';
import { openPassageStore } from './passage-store';

/** BM25 nDCG@10 published for BEIR SciFact (Thakur et al. 2021, Anserini): flat, and title + text as two fields. */
export const SCIFACT_PUBLISHED = { bm25Flat: 0.665, bm25Multifield: 0.679 } as const;

export interface BeirSet {
  corpus: Array<{ id: string; title: string; text: string }>;
  queries: Map<string, string>;
  qrels: Map<string, Map<string, number>>;
}

/** A BEIR-format folder: corpus.jsonl, queries.jsonl and qrels/test.tsv (query-id, corpus-id, score, with a header). */
export function readBeirSet(folder: string): BeirSet {
  const lines = (file: string) =>
    readFileSync(path.join(folder, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
  const corpus = lines('corpus.jsonl').map((line) => {
    const doc = JSON.parse(line) as { _id: string; title?: string; text: string };
    return { id: String(doc._id), title: doc.title ?? '', text: doc.text };
  });
  const queries = new Map(
    lines('queries.jsonl').map((line) => {
      const query = JSON.parse(line) as { _id: string; text: string };
      return [String(query._id), query.text] as const;
    }),
  );
  const qrels = new Map<string, Map<string, number>>();
  for (const line of lines(path.join('qrels', 'test.tsv')).slice(1)) {
    const [queryId, corpusId, score] = line.split('\t');
    if (!queryId || !corpusId) continue;
    const judged = qrels.get(queryId) ?? new Map<string, number>();
    judged.set(corpusId, Number(score));
    qrels.set(queryId, judged);
  }
  return { corpus, queries, qrels };
}

export function isBeirFolder(folder: string | undefined): folder is string {
  return (
    !!folder &&
    ['corpus.jsonl', 'queries.jsonl', path.join('qrels', 'test.tsv')].every((file) =>
      existsSync(path.join(folder, file)),
    )
  );
}

/**
 * The BM25 path's quality on a judged set: each corpus document is one passage (its title as the
 * heading, searched beside the text, as BEIR's multifield run does), each judged query is searched
 * through the passage index on SQLite, and the first ten are scored against the judgements.
 */
export async function measureBeir(set: BeirSet): Promise<RetrievalScores & { documents: number }> {
  const store = await openPassageStore('beir');
  try {
    const documents = set.corpus.map((doc, ordinal) => ({
      doc,
      chunk: {
        text: doc.text,
        headingPath: doc.title ? [doc.title] : [],
        ordinal,
        tokenCount: 0,
        documentName: doc.id,
        metadata: {},
      } satisfies Chunk,
    }));
    for (const { doc, chunk } of documents) await store.index.replaceDocument(store.scope, doc.id, [chunk]);
    const judged: Judged[] = [];
    for (const [queryId, relevance] of set.qrels) {
      const text = set.queries.get(queryId);
      if (text === undefined) continue;
      const found = await store.index.search(store.scope, { query: text, limit: 10 });
      judged.push({ ranked: found.map((passage) => passage.documentId), relevance });
    }
    return { documents: set.corpus.length, ...scoreRetrieval(judged) };
  } finally {
    await store.close();
  }
}
