import { type Kysely, sql } from 'kysely';

/**
 * Publishing a bot's NLU model (spec 02 sections 4 and 7 'Synchronisation'):
 * - `nlu_provider_states`: per bot and provider, whether its resource and NLU exist (the
 *   embedded engine keeps both as this row; cloud providers mirror their account's state).
 * - `nlu_models`: the embedded engine's draft and published model of a bot, serialised, with
 *   a version that grows with every change, so every process notices a new published model.
 * - `nlu_syncs`: one row per provider of a publish (`sync_id` = botName|timestamp) with its
 *   steps, progress and outcome; a partial unique index allows one unfinished sync per bot
 *   and provider, also across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nlu_provider_states')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('has_resource', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_nlu', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('nlu_provider_states_pk', ['bot_id', 'provider'])
    .execute();

  await db.schema
    .createTable('nlu_models')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('data_hash', 'text', (c) => c.notNull())
    .addColumn('trained_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('nlu_models_pk', ['bot_id', 'provider', 'kind'])
    .execute();

  await db.schema
    .createTable('nlu_syncs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('bot_id', 'text', (c) => c.notNull().references('bots.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('sync_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('comparison', 'text')
    .addColumn('data_hash', 'text')
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('nlu_syncs_bot_started')
    .on('nlu_syncs')
    .columns(['bot_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('nlu_syncs_one_running')
    .on('nlu_syncs')
    .columns(['bot_id', 'provider'])
    .unique()
    .where(sql.ref('finished_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nlu_syncs').execute();
  await db.schema.dropTable('nlu_models').execute();
  await db.schema.dropTable('nlu_provider_states').execute();
}
