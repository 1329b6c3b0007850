import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The LLM area (issue 23, spec 04 section 3.11). An LLM's definition (persona, instructions,
 * output, guardrails, RAG settings and filters, dataset) stays in `llms.settings`, one JSON
 * document the contracts validate on every write. Training adds `training` (the last run: state,
 * progress, times, message, its run id, which cancel compares) and `indexed_embedding_model` (the
 * embedding model the passages were indexed with; null for full text only).
 *
 * `llm_documents`: an LLM's documents (a File kept in the blob store under `blob_key`, or a Url
 * crawled up to `page_limit` pages) with where their training stands. Passages are the passage
 * index's, keyed by the document's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema.alterTable('llms').addColumn('training', type.json).execute();
  await db.schema.alterTable('llms').addColumn('indexed_embedding_model', 'text').execute();
  await db.schema
    .createTable('llm_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('llm_id', 'text', (c) => c.notNull().references('llms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('page_limit', 'integer')
    .addColumn('size', 'integer')
    .addColumn('blob_key', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('passages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addUniqueConstraint('llm_documents_llm_name', ['llm_id', 'name'])
    .execute();
  await db.schema
    .createIndex('llm_documents_tenant_llm')
    .on('llm_documents')
    .columns(['tenant_id', 'llm_id'])
    .execute();
}
