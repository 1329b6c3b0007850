import { createHash } from 'node:crypto';

/**
 * Single-word tokens the SQLite full-text index matches exactly: whose passage it is (tenant and
 * LLM) and each metadata value it carries, so scoping and RAG filters are part of the FTS5 match
 * and ranking never reads a passage row that is not a candidate. A hash keeps any text (spaces,
 * punctuation, other scripts) one plain token. The index keeps these tokens: changing how they
 * are made needs a migration that indexes the passages again.
 */
const token = (kind: 's' | 't', parts: string[]) =>
  `${kind}${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;

export const scopeToken = (tenantId: string, llmId: string): string => token('s', [tenantId, llmId]);

export const metadataToken = (field: string, value: string): string => token('t', [field, value]);

export const metadataTokens = (metadata: Record<string, string>): string =>
  Object.entries(metadata)
    .map(([field, value]) => metadataToken(field, value))
    .join(' ');

/**
 * The full-text index tables: a different kind on each dialect (an FTS5 table with its own shadow
 * tables on SQLite, a tsvector table on PostgreSQL), written and read with raw SQL only, so
 * schema.ts does not declare them.
 */
export const SEARCH_INDEX_TABLES: readonly string[] = ['llm_passage_search'];
