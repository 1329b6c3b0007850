import type { Kysely } from 'kysely';

/**
 * The directory's ID token of a session opened through the directory: logging out sends it
 * to the directory's end-session endpoint as `id_token_hint`, so the directory ends its own
 * session too (spec 01 section 4: directory users are logged out through the directory).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('id_token', 'text').execute();
}
