import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The flow editor's server side (spec 03 sections 4.1, 5, 7):
 * - `flow_editor_locks`: one row per bot whose editor someone has open. The holder is a sign-in
 *   session; the row is taken or refreshed by one conditional upsert, so processes sharing the
 *   database never both win. A row past `expires_at` is free for the next taker.
 * - `block_files`: the files blocks send (Send Attachment, Send Image). The bytes live in the
 *   blob store under a key made of the generated id; the row keeps the name as uploaded, the
 *   checked type and who uploaded it. Both go with their bot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('flow_editor_locks')
    .addColumn('bot_id', 'text', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('taken_at', type.timestamp, (c) => c.notNull())
    .addColumn('expires_at', type.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('block_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_extension', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('block_files_bot').on('block_files').columns(['tenant_id', 'bot_id']).execute();
}
