import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

/**
 * What a turn used to read besides the conversation now lives on the conversation's row (issue 21):
 * `last_seq`, the number of its last logged activity (a turn numbers its rows from it and moves it
 * in the same UPDATE that stores its state, instead of reading max(seq)), and `is_handed_over`,
 * set while a handover is open (a turn checks the handovers table only then). A user's
 * conversations are found by channel and user alone: their activity time leaves that index,
 * whose entry each turn moved for nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  const no = isPostgres(db) ? false : 0;
  await db.schema
    .alterTable('conversations')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('is_handed_over', type.flag, (c) => c.notNull().defaultTo(no))
    .execute();
  await sql`update conversations set last_seq = coalesce(
      (select max(t.seq) from turns t where t.conversation_id = conversations.id), 0)`.execute(db);
  await sql`update conversations set is_handed_over = ${isPostgres(db) ? sql`true` : sql`1`}
    where exists (select 1 from handovers h where h.conversation_id = conversations.id and h.status <> 'ended')`.execute(
    db,
  );
  await db.schema.dropIndex('conversations_bot_user').ifExists().execute();
  await db.schema
    .createIndex('conversations_bot_user')
    .on('conversations')
    .columns(['tenant_id', 'bot_id', 'channel', 'user_key'])
    .execute();
}
