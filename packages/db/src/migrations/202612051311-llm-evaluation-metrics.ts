import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The LLM area's evaluation and statistics (issue 23, spec 04 sections 2.5, 3.11).
 *
 * `llm_eval_datasets`: an LLM's evaluation datasets (questions with expected answers and
 * sources, read from an uploaded CSV or JSON file); the LLM's datasetId names the one in use.
 * `llm_eval_runs`: each evaluation of a dataset, kept (with its dataset's name) so runs are
 * shown side by side; `summary` holds the overall scores, `results` the per-question ones.
 * `llm_answer_metrics`: the timings of spec 3.11 and the tokens of one answered message, with the
 * UTC day it counts on, so months and days are averaged in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable('llm_eval_datasets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('llm_id', 'text', (c) => c.notNull().references('llms.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('questions', type.json, (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('llm_eval_datasets_tenant_llm')
    .on('llm_eval_datasets')
    .columns(['tenant_id', 'llm_id'])
    .execute();

  await db.schema
    .createTable('llm_eval_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('llm_id', 'text', (c) => c.notNull().references('llms.id').onDelete('cascade'))
    .addColumn('dataset_id', 'text', (c) => c.notNull())
    .addColumn('dataset_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('summary', type.json)
    .addColumn('results', type.json)
    .addColumn('error', 'text')
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', type.timestamp, (c) => c.notNull())
    .addColumn('finished_at', type.timestamp)
    .execute();
  await db.schema
    .createIndex('llm_eval_runs_tenant_llm_started')
    .on('llm_eval_runs')
    .columns(['tenant_id', 'llm_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('llm_answer_metrics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('llm_id', 'text', (c) => c.notNull().references('llms.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('answered_at', type.timestamp, (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('input_guardrails_ms', type.real, (c) => c.notNull())
    .addColumn('input_guardrails_blocking_ms', type.real, (c) => c.notNull())
    .addColumn('output_guardrails_ms', type.real, (c) => c.notNull())
    .addColumn('output_guardrails_blocking_ms', type.real, (c) => c.notNull())
    .addColumn('first_sentence_ms', type.real, (c) => c.notNull())
    .addColumn('rag_filter_ms', type.real, (c) => c.notNull())
    .addColumn('rag_chain_ms', type.real, (c) => c.notNull())
    .addColumn('total_chain_ms', type.real, (c) => c.notNull())
    .addColumn('llm_execution_ms', type.real, (c) => c.notNull())
    .addColumn('response_ms', type.real, (c) => c.notNull())
    .addColumn('llm_block_ms', type.real)
    .execute();
  await db.schema
    .createIndex('llm_answer_metrics_tenant_day')
    .on('llm_answer_metrics')
    .columns(['tenant_id', 'day', 'llm_id'])
    .execute();
}
