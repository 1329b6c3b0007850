import type { RagFilter } from '@parley/contracts';
import type { NewPassage, PassageFilter, Repositories } from '@parley/db';
import type { Chunk } from '@parley/retrieval';
import { queryTerms, reciprocalRankFusion } from '@parley/retrieval/core';

/** Whose passages: every read and write is bound to one tenant's LLM. */
export interface PassageScope {
  tenantId: string;
  llmId: string;
}

/** A chunk to index, with its embedding when the LLM has an embedding model. */
export type IndexedChunk = Chunk & { embedding?: readonly number[] | Float32Array | undefined };

export interface PassageQuery {
  query: string;
  limit: number;
  /** The LLM's RAG filters: a passage must pass all of them to be ranked at all. */
  filters?: readonly RagFilter[];
  /** The question's embedding (same model as the passages'): vectors rank beside full text. */
  queryEmbedding?: readonly number[] | Float32Array | undefined;
}

export interface RetrievedPassage {
  passageId: string;
  documentId: string;
  documentName: string;
  text: string;
  headingPath: string[];
  page?: number;
  slide?: number;
  row?: number;
  url?: string;
  metadata: Record<string, string>;
  /** The reciprocal-rank-fusion score over the rankings that found it (higher is better). */
  score: number;
}

export interface PassageIndex {
  /** The document's passages become these chunks (none: the document has no passages). */
  replaceDocument(scope: PassageScope, documentId: string, chunks: readonly IndexedChunk[]): Promise<void>;
  removeDocument(scope: PassageScope, documentId: string): Promise<void>;
  removeLlm(scope: PassageScope): Promise<void>;
  count(scope: PassageScope, documentId?: string): Promise<number>;
  search(scope: PassageScope, query: PassageQuery): Promise<RetrievedPassage[]>;
}

/** Each ranking offers this many candidates per passage asked for (at least MIN_CANDIDATES) to the fusion. */
const CANDIDATES_PER_RESULT = 4;
const MIN_CANDIDATES = 40;

/**
 * The passages an LLM answers from (issue 23). Full text (BM25 on SQLite FTS5, PostgreSQL's full
 * text) always; with a query embedding, the nearest passages by cosine too, the two rankings
 * merged by reciprocal rank fusion, never by adding their scores. RAG filters are applied inside
 * both queries, before ranking, so a filter that matches nothing finds nothing.
 */
export function createPassageIndex(repos: Repositories): PassageIndex {
  const passagesOf = (scope: PassageScope) => repos.forTenant(scope.tenantId).passages;
  return {
    async replaceDocument(scope, documentId, chunks) {
      await passagesOf(scope).replaceDocument(scope.llmId, documentId, chunks.map(toNewPassage));
    },
    removeDocument: (scope, documentId) => passagesOf(scope).removeDocument(scope.llmId, documentId),
    removeLlm: (scope) => passagesOf(scope).removeLlm(scope.llmId),
    count: (scope, documentId) => passagesOf(scope).count(scope.llmId, documentId),

    async search(scope, { query, limit, filters = [], queryEmbedding }) {
      if (limit < 1) return [];
      const passages = passagesOf(scope);
      const tests = filters.map(toPassageFilter);
      // A filter with no value to match (an `in` of only commas) matches nothing.
      if (tests.some((test) => test.values.length === 0)) return [];
      const candidates = Math.max(MIN_CANDIDATES, limit * CANDIDATES_PER_RESULT);
      const rankings = await Promise.all([
        passages.fullText(scope.llmId, queryTerms(query), tests, candidates),
        ...(queryEmbedding && queryEmbedding.length > 0
          ? [passages.nearest(scope.llmId, Float32Array.from(queryEmbedding), tests, candidates)]
          : []),
      ]);
      const best = reciprocalRankFusion(rankings, (ranked) => ranked.id).slice(0, limit);
      const records = new Map(
        (
          await passages.byIds(
            scope.llmId,
            best.map((entry) => entry.item.id),
          )
        ).map((record) => [record.id, record]),
      );
      return best.flatMap(({ item, score }) => {
        const record = records.get(item.id);
        if (!record) return [];
        const { id, ordinal: _, ...rest } = record;
        return [{ passageId: id, ...rest, score }];
      });
    },
  };
}

function toNewPassage(chunk: IndexedChunk): NewPassage {
  return {
    documentName: chunk.documentName,
    ordinal: chunk.ordinal,
    text: chunk.text,
    headingPath: chunk.headingPath,
    page: chunk.page,
    slide: chunk.slide,
    row: chunk.row,
    url: chunk.url,
    metadata: chunk.metadata,
    embedding: chunk.embedding ? Float32Array.from(chunk.embedding) : undefined,
  };
}

/**
 * A RAG filter as the database tests it: eq matches the query exactly, in matches any of its
 * comma-separated values; both after trimming, and case-sensitive (docs/decisions.md).
 */
export function toPassageFilter(filter: RagFilter): PassageFilter {
  const values =
    filter.operator === 'in'
      ? filter.query
          .split(',')
          .map((value) => value.trim())
          .filter(Boolean)
      : [filter.query.trim()];
  return { field: filter.metadataField.trim(), values };
}
