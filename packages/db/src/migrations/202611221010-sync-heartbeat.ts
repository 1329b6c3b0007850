import type { Kysely } from 'kysely';

/**
 * A sync's heartbeat: the process running it refreshes `heartbeat_at` every few seconds, so a
 * sync whose process died (crash, deploy, kill) stops counting as active within a minute
 * instead of blocking its bot's edits and publishes for an hour. Null on rows written before
 * this migration: their start time stands in for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('nlu_syncs').addColumn('heartbeat_at', 'text').execute();
}
