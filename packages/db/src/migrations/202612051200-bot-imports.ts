import type { Kysely } from 'kysely';

/**
 * A bot being imported, or the bot a staging rehearses a file in, is written in short
 * transactions (issue 22: a 10,000-intent import held SQLite's one connection for seconds) and
 * seen by nothing until it is complete: `importing_since` (ISO time its writing began; null for
 * every finished bot) hides it from every read of bots, and `importing_by`, the person whose file
 * it is, is unique, so each person has one bot file read at a time. A bot whose import never
 * finished (a process that ended) is deleted once it is old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bots').addColumn('importing_since', 'text').execute();
  await db.schema.alterTable('bots').addColumn('importing_by', 'text').execute();
  // NULLs never collide: finished bots have none.
  await db.schema.createIndex('bots_importing_by').on('bots').column('importing_by').unique().execute();
}
