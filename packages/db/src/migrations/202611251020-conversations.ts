import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * Conversations and their turns, for the runtime, the test chats and the conversation log. Real
 * timestamps and JSON on PostgreSQL (columnTypes). Turns are appended, never changed: statistics
 * are counted from them, not kept as counters on the bot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    /** Who talks: the channel's user id (a widget visitor, a Teams user, a phone number...). */
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('is_test', type.flag, (c) => c.notNull())
    .addColumn('started_at', type.timestamp, (c) => c.notNull())
    .addColumn('last_activity_at', type.timestamp, (c) => c.notNull())
    .addColumn('ended_at', type.timestamp)
    .addColumn('state', type.json, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_bot_activity')
    .on('conversations')
    .columns(['tenant_id', 'bot_id', 'last_activity_at'])
    .execute();

  await db.schema
    .createTable('turns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('bot_id', 'text', (c) => c.notNull())
    .addColumn('at', type.timestamp, (c) => c.notNull())
    /** in: the user's activity; out: the bot's. */
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('activity', type.json, (c) => c.notNull())
    .addColumn('intent', 'text')
    .addColumn('confidence', type.real)
    .addColumn('flow', 'text')
    .addColumn('block_ids', type.json)
    .execute();
  await db.schema.createIndex('turns_conversation').on('turns').columns(['conversation_id', 'at']).execute();
  await db.schema.createIndex('turns_bot_at').on('turns').columns(['tenant_id', 'bot_id', 'at']).execute();
}
