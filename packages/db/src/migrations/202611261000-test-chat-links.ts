import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

/**
 * The shared test chat (spec 01 'Test chat extras'): one link per bot, named by an opaque id,
 * with its password sealed (the server's secret opens it again for 'Show password') and a
 * version that a reset moves on, ending the sessions opened with the old password. And
 * 'Disable analytics': conversations started with it are logged but left out of analytics.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('test_chat_links')
    .addColumn('bot_id', 'text', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('link_id', 'text', (c) => c.notNull().unique())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('password_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .addColumn('password_changed_at', type.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('is_analytics_disabled', type.flag, (c) => c.notNull().defaultTo(isPostgres(db) ? false : 0))
    .execute();
}
