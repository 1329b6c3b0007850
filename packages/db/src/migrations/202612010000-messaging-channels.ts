import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * Messaging and voice channels (issue 14):
 * - channel_keys: a bot's credentials for one platform (spec 04 section 3.4). Plain values are
 *   JSON; secrets are sealed by the server (AES-256-GCM) before they reach this table. The
 *   webhook id names the bot in the platform's inbound URL without revealing it.
 * - channel_addresses: where the bot reaches a user of a platform (a chat id, a service URL and
 *   conversation, a phone number), kept from their last message, for the bot's later messages.
 * - channel_receipts: the platform's id of each inbound message taken, so a retried delivery is
 *   answered once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('channel_keys')
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('webhook_id', 'text', (c) => c.notNull().unique())
    .addColumn('keys', type.json, (c) => c.notNull())
    .addColumn('sealed_secrets', type.json, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_keys_pk', ['bot_id', 'platform'])
    .execute();

  await db.schema
    .createTable('channel_addresses')
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('address', type.json, (c) => c.notNull())
    .addColumn('updated_at', type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_addresses_pk', ['bot_id', 'channel', 'user_key'])
    .execute();

  await db.schema
    .createTable('channel_receipts')
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('received_at', type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_receipts_pk', ['bot_id', 'channel', 'message_id'])
    .execute();
  await db.schema
    .createIndex('channel_receipts_received_at')
    .on('channel_receipts')
    .column('received_at')
    .execute();
}
