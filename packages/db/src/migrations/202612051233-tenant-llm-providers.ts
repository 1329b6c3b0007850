import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * A tenant's own LLM provider credentials (issue 23, Account Administration 'LLM providers'): one
 * row per provider. Plain fields (a base URL, a resource name, a region) are JSON; secrets are
 * sealed by the server (AES-256-GCM, their own purpose-bound key) before they reach this table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('tenant_llm_providers')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('fields', type.json, (c) => c.notNull())
    .addColumn('sealed_secrets', type.json, (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('tenant_llm_providers_pk', ['tenant_id', 'provider'])
    .execute();
}
