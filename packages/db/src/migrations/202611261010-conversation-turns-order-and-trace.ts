import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

/**
 * Conversations as the runtime grew (202611251020 had landed, so this changes it in place):
 * - turns keep their order by a sequence number per conversation (timestamps tie within a
 *   millisecond), and a conversation counts its turns, which a turn's store checks;
 * - a turn logs the blocks it passed with flow, owner and version (flow statistics) and the
 *   values User Statistics counted, instead of bare block ids;
 * - an end block can count a conversation touchless; a returning user's last conversation on a
 *   channel is found by an index.
 * Existing turns are numbered in the order of their time (then id); their block ids, which named
 * no flow version, are left behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  const no = isPostgres(db) ? false : 0;
  await db.schema
    .alterTable('conversations')
    .addColumn('turn_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('is_touchless', type.flag, (c) => c.notNull().defaultTo(no))
    .execute();
  await db.schema
    .createIndex('conversations_bot_user')
    .on('conversations')
    .columns(['tenant_id', 'bot_id', 'channel', 'user_key', 'last_activity_at'])
    .execute();

  await db.schema
    .alterTable('turns')
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('turns').addColumn('hits', type.json).execute();
  await db.schema.alterTable('turns').addColumn('counted', type.json).execute();
  // Correlated updates: the same SQL on SQLite and PostgreSQL.
  await sql`
    update turns set seq = (
      select count(*) from turns earlier
      where earlier.conversation_id = turns.conversation_id
        and (earlier.at < turns.at or (earlier.at = turns.at and earlier.id <= turns.id))
    )`.execute(db);
  await sql`
    update conversations set turn_count = (
      select count(*) from turns where turns.conversation_id = conversations.id and turns.direction = 'in'
    )`.execute(db);
  await db.schema.dropIndex('turns_conversation').execute();
  await db.schema
    .createIndex('turns_conversation_seq')
    .on('turns')
    .columns(['conversation_id', 'seq'])
    .unique()
    .execute();
  await db.schema.alterTable('turns').dropColumn('block_ids').execute();
}
