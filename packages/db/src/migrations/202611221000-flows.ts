import type { Kysely } from 'kysely';

/**
 * Dialog flows (spec 03): the saved versions of an intent's flow or of a sub flow (a function
 * of type `flow`), and their activations to the test channel and to production. A version
 * belongs to exactly one owner, an intent or a function; the owner's id is repeated in `owner`
 * so one index serves both kinds, and the foreign keys remove the flow with its owner.
 * Renaming the owner keeps its flow (the rows point at the id, not the name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('intent_id', 'text', (c) => c.references('intents.id').onDelete('cascade'))
    .addColumn('function_id', 'text', (c) => c.references('functions.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON {functionName: blocks calling it}: 'Show usage' reads this, not every version's XML.
    .addColumn('function_calls', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('modified', 'text', (c) => c.notNull())
    .execute();
  // Version numbers are unique per owner: two simultaneous saves cannot both take one.
  await db.schema
    .createIndex('flow_versions_owner_version')
    .on('flow_versions')
    .columns(['owner', 'version'])
    .unique()
    .execute();

  await db.schema
    .createTable('flow_activations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('intent_id', 'text', (c) => c.references('intents.id').onDelete('cascade'))
    .addColumn('function_id', 'text', (c) => c.references('functions.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    // 'test' (the test channel) or 'production' (every channel).
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('activated_by', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_activations_owner')
    .on('flow_activations')
    .columns(['owner', 'target', 'activated_at'])
    .execute();
}
