import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The External API channel (spec 04 sections 3.4, 7.1; issue 13): a bot's API keys, kept only as
 * a SHA-256 of the key (it is shown once, when made) with a short hint to tell keys apart; the
 * bot's conversation timeout; and the Direct Line conversations started with a key, so that any
 * process can tell which key and user a conversation belongs to. A Direct Line conversation is a
 * conversation of the runtime (its turns are the activities); it goes when its key goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('external_api_keys')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('is_locked', type.flag, (c) => c.notNull())
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('external_api_keys_bot')
    .on('external_api_keys')
    .columns(['tenant_id', 'bot_id'])
    .execute();

  await db.schema
    .createTable('external_api_settings')
    .addColumn('bot_id', 'text', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('conversation_lifetime_seconds', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('direct_line_conversations')
    .addColumn('conversation_id', 'text', (c) =>
      c.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) =>
      c.notNull().references('external_api_keys.key_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .execute();

  /** What a client sent with a message that the runtime's activity does not keep: its own id for the echo. */
  await db.schema
    .createTable('direct_line_posts')
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('client_activity_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('direct_line_posts_pk', ['conversation_id', 'seq'])
    .execute();
}
