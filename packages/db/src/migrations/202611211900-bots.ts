import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bots')
    // `{tenantId}-{bot name lower-cased, whitespace as dashes}`: the id per-bot permissions use.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_snippet_migration_banner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('interactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('questions_asked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('questions_recognized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bots_tenant').on('bots').columns(['tenant_id', 'bot_name']).execute();
}
