import type { Kysely, Selectable } from 'kysely';
import {
  flagFor,
  fromFlag,
  fromJsonColumn,
  fromTimestamp,
  isUniqueViolation,
  nowIso,
  toJson,
} from '../dialect';
import type { Database, LlmDocumentTable, LlmTable } from '../schema';

/** One of the tenant's LLMs as lists show it. */
export interface LlmRecord {
  id: string;
  displayName: string;
  description: string;
  provider: string;
  model: string | null;
  isComplete: boolean;
  /** The LLM's definition (JSON the contracts read); the list shows its language. */
  settings: unknown;
}

/** One LLM with its whole definition: `training` is JSON the contracts read. */
export interface LlmDetailRecord extends LlmRecord {
  training: unknown;
  /** The embedding model its passages were indexed with; null: full text only. */
  indexedEmbeddingModel: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewLlm {
  displayName: string;
  description: string;
  provider: string;
  model: string | null;
  settings: unknown;
}

export type LlmPatch = Partial<
  Pick<LlmDetailRecord, 'displayName' | 'description' | 'provider' | 'model' | 'isComplete' | 'settings'>
>;

const toRecord = (row: Selectable<LlmTable>): LlmDetailRecord => ({
  id: row.id,
  displayName: row.display_name,
  description: row.description,
  provider: row.provider,
  model: row.model,
  isComplete: fromFlag(row.is_complete),
  settings: fromJsonColumn<unknown>(row.settings, {}),
  training: fromJsonColumn<unknown>(row.training, null),
  indexedEmbeddingModel: row.indexed_embedding_model,
  createdAt: fromTimestamp(row.created_at),
  updatedAt: fromTimestamp(row.updated_at),
});

/** One tenant's LLMs (reached through `repos.forTenant(t).llms`). */
export function llmRepository(db: Kysely<Database>, tenantId: string) {
  const scoped = () => db.selectFrom('llms').selectAll().where('tenant_id', '=', tenantId);
  return {
    async list(): Promise<LlmRecord[]> {
      const rows = await db
        .selectFrom('llms')
        .select(['id', 'display_name', 'description', 'provider', 'model', 'is_complete', 'settings'])
        .where('tenant_id', '=', tenantId)
        .orderBy('display_name')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        displayName: row.display_name,
        description: row.description,
        provider: row.provider,
        model: row.model,
        isComplete: fromFlag(row.is_complete),
        settings: fromJsonColumn<unknown>(row.settings, {}),
      }));
    },
    async get(id: string): Promise<LlmDetailRecord | undefined> {
      const row = await scoped().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },
    async count(): Promise<number> {
      const row = await db
        .selectFrom('llms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** The new LLM, or undefined when its display name is taken in the tenant. */
    async create(llm: NewLlm): Promise<LlmDetailRecord | undefined> {
      const now = nowIso();
      const id = crypto.randomUUID();
      try {
        await db
          .insertInto('llms')
          .values({
            id,
            tenant_id: tenantId,
            display_name: llm.displayName,
            description: llm.description,
            provider: llm.provider,
            model: llm.model,
            is_complete: flagFor(db, false),
            settings: toJson(llm.settings),
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      return this.get(id);
    },
    /** Changes what the patch names; 'missing' when there is no such LLM, 'taken' when a new name is another's. */
    async update(id: string, patch: LlmPatch): Promise<LlmDetailRecord | 'missing' | 'taken'> {
      try {
        const result = await db
          .updateTable('llms')
          .set({
            ...(patch.displayName === undefined ? {} : { display_name: patch.displayName }),
            ...(patch.description === undefined ? {} : { description: patch.description }),
            ...(patch.provider === undefined ? {} : { provider: patch.provider }),
            ...(patch.model === undefined ? {} : { model: patch.model }),
            ...(patch.isComplete === undefined ? {} : { is_complete: flagFor(db, patch.isComplete) }),
            ...(patch.settings === undefined ? {} : { settings: toJson(patch.settings) }),
            updated_at: nowIso(),
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
      return (await this.get(id)) ?? 'missing';
    },
    /**
     * Writes the training record; with `onlyIfRunId`, only while the stored record is still that
     * run's and running (a cancelled, finished or newer run is left alone). Whether it was written.
     */
    async setTraining(
      id: string,
      training: unknown,
      options: { onlyIfRunId?: string; isComplete?: boolean; indexedEmbeddingModel?: string | null } = {},
    ): Promise<boolean> {
      const write = async (trx: Kysely<Database>) => {
        if (options.onlyIfRunId !== undefined) {
          const row = await trx
            .selectFrom('llms')
            .select('training')
            .where('tenant_id', '=', tenantId)
            .where('id', '=', id)
            .executeTakeFirst();
          const stored = fromJsonColumn<{ runId?: unknown; state?: unknown } | null>(row?.training, null);
          if (!row || stored?.runId !== options.onlyIfRunId || stored.state !== 'running') return false;
        }
        const result = await trx
          .updateTable('llms')
          .set({
            training: toJson(training),
            ...(options.isComplete === undefined ? {} : { is_complete: flagFor(trx, options.isComplete) }),
            ...(options.indexedEmbeddingModel === undefined
              ? {}
              : { indexed_embedding_model: options.indexedEmbeddingModel }),
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      };
      // Within a caller's transaction it joins that one: Kysely does not nest.
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },
    async delete(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('llms')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** One document of an LLM as stored. */
export interface LlmDocumentRecord {
  id: string;
  llmId: string;
  name: string;
  displayName: string;
  type: string;
  link: string;
  pageLimit: number | null;
  size: number | null;
  blobKey: string | null;
  status: string;
  error: string | null;
  passages: number;
  createdAt: string;
  updatedAt: string;
}

export type NewLlmDocument = Pick<
  LlmDocumentRecord,
  'id' | 'name' | 'displayName' | 'type' | 'link' | 'pageLimit' | 'size' | 'blobKey' | 'status'
>;

const toDocument = (row: Selectable<LlmDocumentTable>): LlmDocumentRecord => ({
  id: row.id,
  llmId: row.llm_id,
  name: row.name,
  displayName: row.display_name,
  type: row.type,
  link: row.link,
  pageLimit: row.page_limit === null ? null : Number(row.page_limit),
  size: row.size === null ? null : Number(row.size),
  blobKey: row.blob_key,
  status: row.status,
  error: row.error,
  passages: Number(row.passages),
  createdAt: fromTimestamp(row.created_at),
  updatedAt: fromTimestamp(row.updated_at),
});

/** The documents of one tenant's LLMs (reached through `repos.forTenant(t).llmDocuments`). */
export function llmDocumentRepository(db: Kysely<Database>, tenantId: string) {
  const scoped = (llmId: string) =>
    db.selectFrom('llm_documents').selectAll().where('tenant_id', '=', tenantId).where('llm_id', '=', llmId);
  return {
    async list(llmId: string): Promise<LlmDocumentRecord[]> {
      const rows = await scoped(llmId).orderBy('created_at').orderBy('name').execute();
      return rows.map(toDocument);
    },
    async get(llmId: string, id: string): Promise<LlmDocumentRecord | undefined> {
      const row = await scoped(llmId).where('id', '=', id).executeTakeFirst();
      return row && toDocument(row);
    },
    async byName(llmId: string, name: string): Promise<LlmDocumentRecord | undefined> {
      const row = await scoped(llmId).where('name', '=', name).executeTakeFirst();
      return row && toDocument(row);
    },
    async count(llmId: string): Promise<number> {
      const row = await db
        .selectFrom('llm_documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    /** Adds a document, or replaces the one of the same name (a file uploaded again): the replaced one, if any. */
    async put(llmId: string, document: NewLlmDocument): Promise<LlmDocumentRecord | undefined> {
      const write = async (trx: Kysely<Database>) => {
        const replaced = await trx
          .selectFrom('llm_documents')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('llm_id', '=', llmId)
          .where('name', '=', document.name)
          .executeTakeFirst();
        if (replaced) await trx.deleteFrom('llm_documents').where('id', '=', replaced.id).execute();
        const now = nowIso();
        await trx
          .insertInto('llm_documents')
          .values({
            id: document.id,
            tenant_id: tenantId,
            llm_id: llmId,
            name: document.name,
            display_name: document.displayName,
            type: document.type,
            link: document.link,
            page_limit: document.pageLimit,
            size: document.size,
            blob_key: document.blobKey,
            status: document.status,
            error: null,
            passages: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return replaced && toDocument(replaced);
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },
    async setStatus(
      llmId: string,
      id: string,
      state: { status: string; error?: string | null; passages?: number },
    ): Promise<void> {
      await db
        .updateTable('llm_documents')
        .set({
          status: state.status,
          ...(state.error === undefined ? {} : { error: state.error }),
          ...(state.passages === undefined ? {} : { passages: state.passages }),
          updated_at: nowIso(),
        })
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .where('id', '=', id)
        .execute();
    },
    async delete(llmId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('llm_documents')
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
