import type { Kysely } from 'kysely';

/**
 * Intents with their examples, and entities with their roles. Every row carries its tenant
 * and bot; deleting a bot (or its tenant) removes them through the foreign keys. Names and
 * example texts keep a lower-cased key, so "one name ignoring case" is a unique index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_redirect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('template', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('intents_bot_name')
    .on('intents')
    .columns(['bot_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('intent_examples')
    // The example's ids.internal.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('intent_id', 'text', (c) => c.notNull().references('intents.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('intent_examples_intent_text')
    .on('intent_examples')
    .columns(['intent_id', 'text_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('intent_examples_bot')
    .on('intent_examples')
    .columns(['bot_id', 'position'])
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON: sublists and resolveWithCanonical, examples, regexes (contracts EntityContent).
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entities_bot_name')
    .on('entities')
    .columns(['bot_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('entity_roles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  // Role names are unique across all entities of a bot (spec 02 section 5).
  await db.schema
    .createIndex('entity_roles_bot_name')
    .on('entity_roles')
    .columns(['bot_id', 'name_key'])
    .unique()
    .execute();
  await db.schema.createIndex('entity_roles_entity').on('entity_roles').column('entity_id').execute();
}
