import type { Kysely } from 'kysely';

/**
 * NLU models move to the blob store: a row names its model's blob (`model_blob`) and keeps an
 * empty `model`. Rows written before keep their model inline and are read as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nlu_models').addColumn('model_blob', 'text').execute();
}
