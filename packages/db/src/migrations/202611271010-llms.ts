import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

/**
 * The tenant's LLMs (spec 04 sections 2.4, 3.11): where the LLM area will keep them and what the
 * flow editor's LLM blocks pick from (GET /api/llm). Only what the list shows has a column; the
 * rest of an LLM's definition (prompt, RAG, guardrails) is `settings`, for the LLM area to shape.
 * Display names are unique in a tenant: an LLM block's function name is its LLM's display name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('llms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('is_complete', type.flag, (c) => c.notNull().defaultTo(isPostgres(db) ? false : 0))
    .addColumn('settings', type.json)
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addUniqueConstraint('llms_tenant_display_name', ['tenant_id', 'display_name'])
    .execute();
}
