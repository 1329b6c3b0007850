import { type Kysely, sql } from 'kysely';

/**
 * NLU performance: one uploaded test dataset per bot (the CSV as uploaded, for download, and its
 * parsed rows), and the runs of NLU tests and of NLU automate with their stored results, so any
 * server process can answer "is it running" and "what came out". A partial unique index allows
 * one running run per bot and kind: a second start is refused by the database itself, also
 * across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nlu_datasets')
    .addColumn('bot_id', 'text', (c) => c.primaryKey().references('bots.id').onDelete('cascade'))
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('csv', 'text', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('nlu_test_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .addColumn('results', 'text')
    .execute();
  await db.schema
    .createIndex('nlu_test_runs_bot_kind')
    .on('nlu_test_runs')
    .columns(['bot_id', 'kind', 'started_at'])
    .execute();
  await db.schema
    .createIndex('nlu_test_runs_one_running')
    .on('nlu_test_runs')
    .columns(['bot_id', 'kind'])
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
}
