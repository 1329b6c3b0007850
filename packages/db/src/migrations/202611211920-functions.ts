import { type Kysely, sql } from 'kysely';

/**
 * Functions and sub flows (type `flow`) of a tenant's bots. A bot's function carries its
 * `bot_id` (deleting the bot removes it); a global function has none and belongs to the tenant
 * (deleting the tenant removes it), listed in every bot. `home_bot_id` remembers the bot it was
 * made in. The type's own fields, inputs and outputs are JSON validated by the contracts schema.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('functions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.references('bots.id').onDelete('cascade'))
    .addColumn('home_bot_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('is_global', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: the type's fields (url, sqlCommand, code, json ...), inputs and outputs.
    .addColumn('definition', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One name per bot, ignoring case (global rows have no bot and are not in it) ...
  await db.schema
    .createIndex('functions_bot_name')
    .on('functions')
    .columns(['bot_id', 'name_key'])
    .unique()
    .execute();
  // ... and one name among the tenant's global functions.
  await db.schema
    .createIndex('functions_global_name')
    .on('functions')
    .columns(['tenant_id', 'name_key'])
    .unique()
    .where(sql.ref('is_global'), '=', 1)
    .execute();
  await db.schema
    .createIndex('functions_tenant')
    .on('functions')
    .columns(['tenant_id', 'is_global'])
    .execute();
}
