import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

/** The permission id of 'Answer handed-over conversations' (contracts' Permission.AnswerHandovers). */
const ANSWER_HANDOVERS = 60;
/** The built-in roles that hold every new operating permission: Maintainer (3) and Administrator (4). */
const ROLES_THAT_ANSWER = [3, 4];

/**
 * Human handover (issue 13, spec 04 section 3.8): each time a conversation moves to a person, a
 * row says whether it waits (queued), is with an agent (active) or went back to the bot (ended).
 * At most one handover of a conversation is open at a time (the partial unique index), and
 * taking one is a conditional UPDATE of its row, so two agents on two processes never both win.
 * An agent's messages are turns of the conversation like the bot's, marked with the agent's id.
 * Existing tenants' Maintainer and Administrator roles gain the new permission as new tenants'
 * do (built-in role definitions are read from ALL_PERMISSION_IDS when a tenant is made).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('handovers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'text')
    .addColumn('queued_at', type.timestamp, (c) => c.notNull())
    .addColumn('taken_at', type.timestamp)
    .addColumn('ended_at', type.timestamp)
    .execute();
  await db.schema
    .createIndex('handovers_bot_status')
    .on('handovers')
    .columns(['tenant_id', 'bot_id', 'status'])
    .execute();
  await db.schema
    .createIndex('handovers_open_conversation')
    .on('handovers')
    .column('conversation_id')
    .unique()
    .where(sql.ref('status'), '<>', sql.lit('ended'))
    .execute();

  await db.schema.alterTable('turns').addColumn('agent_id', 'text').execute();

  await sql`
    insert into role_permissions (tenant_id, role_id, permission_id)
    select r.tenant_id, r.role_id, ${sql.lit(ANSWER_HANDOVERS)} from roles r
    where r.role_id in (${sql.join(ROLES_THAT_ANSWER.map((id) => sql.lit(id)))})
    and not exists (
      select 1 from role_permissions p
      where p.tenant_id = r.tenant_id and p.role_id = r.role_id and p.permission_id = ${sql.lit(ANSWER_HANDOVERS)}
    )
  `.execute(db);
}
