import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect';

/**
 * The sentiment of a user's message (negative below 0), as the embedded sentiment engine scored
 * it: what the handover's negative-sentiment limit counts (spec 04 section 3.8). Null: not
 * scored (no text, or a language the engine does not read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('turns').addColumn('sentiment', columnTypes(db).real).execute();
}
