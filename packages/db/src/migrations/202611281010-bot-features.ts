import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The Features tab's GDPR consent (spec 04 section 3.7, spec 01 'consent CSV'): every consent
 * decision a bot's user took, kept as a row so the consent CSV can prove it later. The GDPR,
 * handover and dashboard settings themselves live in the bot's settings JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('consent_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('decided_at', type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consent_decisions_bot')
    .on('consent_decisions')
    .columns(['tenant_id', 'bot_id', 'decided_at'])
    .execute();
}
