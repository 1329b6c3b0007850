import type { Kysely, Selectable } from 'kysely';
import { fromTimestamp } from '../dialect';
import type { BlockFileTable, Database } from '../schema';

/** A file a block sends, as its row describes it (the bytes are a blob named by `id`). */
export interface BlockFileRecord {
  id: string;
  botId: string;
  fileName: string;
  fileExtension: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedBy: string;
  uploadedAt: string;
}

export type NewBlockFile = Omit<BlockFileRecord, 'botId' | 'uploadedAt'>;

const toRecord = (row: Selectable<BlockFileTable>): BlockFileRecord => ({
  id: row.id,
  botId: row.bot_id,
  fileName: row.file_name,
  fileExtension: row.file_extension,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  sha256: row.sha256,
  uploadedBy: row.uploaded_by,
  uploadedAt: fromTimestamp(row.uploaded_at),
});

/** One bot's block files (reached through `repos.forTenant(t).blockFiles(botId)`). */
export function blockFileRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  return {
    async add(file: NewBlockFile): Promise<BlockFileRecord> {
      const row = {
        id: file.id,
        tenant_id: tenantId,
        bot_id: botId,
        file_name: file.fileName,
        file_extension: file.fileExtension,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        sha256: file.sha256,
        uploaded_by: file.uploadedBy,
        uploaded_at: new Date().toISOString(),
      };
      await db.insertInto('block_files').values(row).execute();
      return toRecord(row);
    },
    /** The bot's file with this id; another bot's or tenant's is as unknown as none. */
    async get(id: string): Promise<BlockFileRecord | undefined> {
      const row = await db
        .selectFrom('block_files')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRecord(row);
    },
  };
}
