import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * A bot's connections (spec 04 sections 3.2 and 4): the channels and connectors it lists on the
 * Configuration tab, whether each is enabled, and whether a connection was requested. Whether a
 * connection is *connected* is not stored here: each channel knows it from its own settings
 * (an API key, a snippet, validated credentials).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('bot_connections')
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('is_enabled', type.flag, (c) => c.notNull())
    .addColumn('requested_at', type.timestamp)
    .addColumn('requested_by', 'text')
    .addColumn('added_at', type.timestamp, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_connections_pk', ['bot_id', 'kind', 'connection_id'])
    .execute();
}
