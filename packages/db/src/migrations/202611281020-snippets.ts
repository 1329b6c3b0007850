import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * Chat bubble snippets (spec 04 section 3.6): a bot's embeddable web chats. A snippet is named
 * uniquely within its bot; `token` and `code` are the public, unguessable pair its embed code
 * mounts with (the token finds the snippet, the code must match it). Origins and the widget's
 * settings are JSON; uploaded images are blobs named in the settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('snippets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('allowed_origins', type.json, (c) => c.notNull())
    .addColumn('settings', type.json, (c) => c.notNull())
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addUniqueConstraint('snippets_bot_name', ['bot_id', 'name'])
    .execute();
  await db.schema
    .createIndex('snippets_tenant_bot')
    .on('snippets')
    .columns(['tenant_id', 'bot_id'])
    .execute();
}
