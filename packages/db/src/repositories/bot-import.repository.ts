import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';
import { inSlices } from '../sliced-transaction';

/** A bot still being imported (or rehearsed by a staging): whose file it is, and since when. */
export interface UnfinishedImport {
  tenantId: string;
  botId: string;
  since: string;
}

/** The tables that hold most of a bot's content, emptied a few hundred rows at a time. */
const BULKY_TABLES = ['intents', 'entities', 'functions', 'variables'] as const;
/** Rows deleted per statement (their examples, roles, flows and properties go with them). */
const ROWS_PER_DELETE = 50;

/**
 * Bots whose import has not finished, across tenants: a bot being imported is written in short
 * transactions under `importing_since` and is seen by no read of bots until it is complete
 * (bot.repository.ts). A person has one such bot at a time (`importing_by` is unique).
 */
export function botImportRepository(db: Kysely<Database>) {
  const unfinished = () =>
    db
      .selectFrom('bots')
      .select(['tenant_id', 'id', 'importing_since'])
      .where('importing_since', 'is not', null);
  const toImport = (row: { tenant_id: string; id: string; importing_since: string | null }) => ({
    tenantId: row.tenant_id,
    botId: row.id,
    since: row.importing_since ?? '',
  });
  return {
    /** The bot a person's file is being written into, in whichever tenant. */
    async of(userId: string): Promise<UnfinishedImport | undefined> {
      const row = await unfinished().where('importing_by', '=', userId).executeTakeFirst();
      return row && toImport(row);
    },
    /** Imports that began before `before` and never finished: the process writing them ended. */
    async abandoned(before: string): Promise<UnfinishedImport[]> {
      return (await unfinished().where('importing_since', '<', before).limit(100).execute()).map(toImport);
    },
    /**
     * Deletes a bot that is still being imported, with its content: the bulky tables a few dozen
     * rows per statement, in slices that take turns with the other sliced writes (one statement
     * deleting a 10,000-intent bot would hold SQLite's connection for seconds). A finished bot is
     * never touched here.
     */
    async remove(tenantId: string, botId: string): Promise<void> {
      const isUnfinished = await unfinished()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', botId)
        .executeTakeFirst();
      if (!isUnfinished) return;
      await inSlices(db, async (trx, breakSlice) => {
        for (const table of BULKY_TABLES) {
          for (;;) {
            const result = await sql`delete from ${sql.table(table)} where id in (
                select id from ${sql.table(table)} where tenant_id = ${tenantId} and bot_id = ${botId}
                limit ${ROWS_PER_DELETE})`.execute(trx);
            if (Number(result.numAffectedRows ?? 0) < ROWS_PER_DELETE) break;
            await breakSlice();
          }
        }
        await trx
          .deleteFrom('bots')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', botId)
          .where('importing_since', 'is not', null)
          .execute();
      });
    },
  };
}
