import { type Kysely, sql } from 'kysely';

/**
 * Variables and objects of flows. They share one namespace (spec 02 section 5), so they share
 * one table, `variables` with a `kind`, and its unique indexes keep the namespace: one name per
 * bot, and one name per tenant among the global ones (`bot_id` null: the tenant owns them and
 * every bot of it sees them). Bot-owned rows go with their bot, global ones with their tenant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('variables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.references('bots.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // NULLs are distinct in a unique index (both dialects): this one holds bot-owned rows only.
  await db.schema
    .createIndex('variables_bot_name')
    .on('variables')
    .columns(['bot_id', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('variables_global_name')
    .on('variables')
    .columns(['tenant_id', 'name_key'])
    .unique()
    .where(sql.ref('bot_id'), 'is', null)
    .execute();
  // Making a name global looks for it in every bot of the tenant.
  await db.schema
    .createIndex('variables_tenant_name')
    .on('variables')
    .columns(['tenant_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('object_properties')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.references('bots.id').onDelete('cascade'))
    .addColumn('object_id', 'text', (c) => c.notNull().references('variables.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('key_key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('object_properties_object_key')
    .on('object_properties')
    .columns(['object_id', 'key_key'])
    .unique()
    .execute();
}
