import type { Kysely, Selectable } from 'kysely';
import { fromJson, nowIso, toJson } from '../dialect';
import type { Database, NluSyncTable } from '../schema';

/** One step of a provider's sync as the publishing panel shows it. */
export interface StoredSyncStep {
  name: string;
  status: string;
  message?: string;
}

/** One provider's part of a publish (`syncId` = botName|timestamp). */
export interface NluSyncRecord<Comparison = unknown> {
  id: string;
  botId: string;
  provider: string;
  syncId: string;
  state: string;
  progress: number;
  steps: StoredSyncStep[];
  comparison: Comparison | null;
  dataHash: string | null;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
}

const toRecord = (row: Selectable<NluSyncTable>): NluSyncRecord => ({
  id: row.id,
  botId: row.bot_id,
  provider: row.provider,
  syncId: row.sync_id,
  state: row.state,
  progress: Number(row.progress),
  steps: fromJson<StoredSyncStep[]>(row.steps, []),
  comparison: fromJson<unknown>(row.comparison, null),
  dataHash: row.data_hash,
  startedBy: row.started_by,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

export interface NluSyncPatch {
  state?: string;
  progress?: number;
  steps?: StoredSyncStep[];
  comparison?: unknown;
  dataHash?: string;
  finished?: boolean;
}

/** One bot's NLU syncs (reached through `repos.forTenant(t).nluSyncs(botId)`). */
export function nluSyncRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const syncs = () =>
    db.selectFrom('nlu_syncs').where('tenant_id', '=', tenantId).where('bot_id', '=', botId);
  return {
    /** Inserts an unfinished sync; the database refuses a second unfinished one per provider (unique violation). */
    async start(entry: {
      provider: string;
      syncId: string;
      state: string;
      steps: StoredSyncStep[];
      startedBy: string;
    }): Promise<NluSyncRecord> {
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        bot_id: botId,
        provider: entry.provider,
        sync_id: entry.syncId,
        state: entry.state,
        progress: 0,
        steps: toJson(entry.steps),
        comparison: null,
        data_hash: null,
        started_by: entry.startedBy,
        started_at: nowIso(),
        finished_at: null,
      };
      await db.insertInto('nlu_syncs').values(row).execute();
      return toRecord(row);
    },
    async update(id: string, patch: NluSyncPatch): Promise<void> {
      const values: Partial<NluSyncTable> = {};
      if (patch.state !== undefined) values.state = patch.state;
      if (patch.progress !== undefined) values.progress = Math.round(patch.progress);
      if (patch.steps !== undefined) values.steps = toJson(patch.steps);
      if (patch.comparison !== undefined) values.comparison = toJson(patch.comparison);
      if (patch.dataHash !== undefined) values.data_hash = patch.dataHash;
      if (patch.finished) values.finished_at = nowIso();
      await db
        .updateTable('nlu_syncs')
        .set(values)
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .execute();
    },
    /** The latest sync of a provider within one publish. */
    async get(provider: string, syncId: string): Promise<NluSyncRecord | undefined> {
      const row = await syncs()
        .selectAll()
        .where('provider', '=', provider)
        .where('sync_id', '=', syncId)
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
      return row && toRecord(row);
    },
    /** Every provider's sync of one publish. */
    async ofSync(syncId: string): Promise<NluSyncRecord[]> {
      const rows = await syncs().selectAll().where('sync_id', '=', syncId).orderBy('started_at').execute();
      return rows.map(toRecord);
    },
    /** The latest sync of each provider. */
    async latestPerProvider(): Promise<NluSyncRecord[]> {
      const rows = await syncs().selectAll().orderBy('started_at', 'desc').execute();
      const seen = new Set<string>();
      return rows.map(toRecord).filter((r) => !seen.has(r.provider) && seen.add(r.provider));
    },
    /** Unfinished syncs started after `sinceIso` (older ones count as abandoned). */
    async unfinishedSince(sinceIso: string): Promise<NluSyncRecord[]> {
      const rows = await syncs()
        .selectAll()
        .where('finished_at', 'is', null)
        .where('started_at', '>', sinceIso)
        .execute();
      return rows.map(toRecord);
    },
    /** Closes unfinished syncs started before `beforeIso`: their process is gone. */
    async abandonOlderThan(beforeIso: string, state: string): Promise<void> {
      await db
        .updateTable('nlu_syncs')
        .set({ state, finished_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('finished_at', 'is', null)
        .where('started_at', '<=', beforeIso)
        .execute();
    },
  };
}

export type NluSyncRepository = ReturnType<typeof nluSyncRepository>;
