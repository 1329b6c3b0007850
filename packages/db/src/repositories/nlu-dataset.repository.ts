import type { Kysely } from 'kysely';
import { fromJson, nowIso, toJson } from '../dialect';
import type { Database } from '../schema';

export interface NluDatasetRow {
  utterance: string;
  intent: string;
}

/** A bot's NLU test dataset: its parsed rows and the CSV as it was uploaded. */
export interface NluDataset {
  botId: string;
  fileName: string;
  rows: NluDatasetRow[];
  rowCount: number;
  /** The uploaded CSV text (UTF-8, no BOM). */
  csv: string;
  uploadedBy: string;
  uploadedAt: string;
}

export interface NewNluDataset {
  fileName: string;
  rows: readonly NluDatasetRow[];
  csv: string;
  uploadedBy: string;
}

/** One bot's NLU test dataset (reached through `repos.forTenant(t).nluDatasets(botId)`). */
export function nluDatasetRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  return {
    async get(): Promise<NluDataset | undefined> {
      const row = await db
        .selectFrom('nlu_datasets')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        botId: row.bot_id,
        fileName: row.file_name,
        rows: fromJson<NluDatasetRow[]>(row.rows, []),
        rowCount: Number(row.row_count),
        csv: row.csv,
        uploadedBy: row.uploaded_by,
        uploadedAt: row.uploaded_at,
      };
    },

    /** Replaces the bot's dataset with the one given. */
    async put(dataset: NewNluDataset): Promise<void> {
      const values = {
        file_name: dataset.fileName,
        csv: dataset.csv,
        rows: toJson(dataset.rows),
        row_count: dataset.rows.length,
        uploaded_by: dataset.uploadedBy,
        uploaded_at: nowIso(),
      };
      const replace = async (trx: Kysely<Database>) => {
        await trx
          .deleteFrom('nlu_datasets')
          .where('tenant_id', '=', tenantId)
          .where('bot_id', '=', botId)
          .execute();
        await trx
          .insertInto('nlu_datasets')
          .values({ bot_id: botId, tenant_id: tenantId, ...values })
          .execute();
      };
      // Inside a bot import the repositories are already bound to its transaction.
      if (db.isTransaction) await replace(db);
      else await db.transaction().execute(replace);
    },

    async delete(): Promise<void> {
      await db
        .deleteFrom('nlu_datasets')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .execute();
    },
  };
}
