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
  /** When the running process last gave a sign of life (null: a row older than the heartbeat). */
  heartbeatAt: string | null;
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
  heartbeatAt: row.heartbeat_at,
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
      const startedAt = nowIso();
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
        started_at: startedAt,
        finished_at: null,
        heartbeat_at: startedAt,
      };
      await db.insertInto('nlu_syncs').values(row).execute();
      return toRecord(row);
    },
    /** Every write is also a heartbeat: the process writing is alive. */
    async update(id: string, patch: NluSyncPatch): Promise<void> {
      const values: Partial<NluSyncTable> = { heartbeat_at: nowIso() };
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
    /** The running process's sign of life (only while the sync is unfinished). */
    async beat(id: string): Promise<void> {
      await db
        .updateTable('nlu_syncs')
        .set({ heartbeat_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .where('finished_at', 'is', null)
        .execute();
    },
    /** Unfinished syncs (at most one per provider); the caller decides which are still alive. */
    async unfinished(): Promise<NluSyncRecord[]> {
      const rows = await syncs().selectAll().where('finished_at', 'is', null).execute();
      return rows.map(toRecord);
    },
    /**
     * Ends an unfinished sync whose process is gone with its final state and steps; false when
     * it had ended already (its process, or another process abandoning it, came first).
     */
    async abandon(id: string, end: { state: string; steps: StoredSyncStep[] }): Promise<boolean> {
      const result = await db
        .updateTable('nlu_syncs')
        .set({ state: end.state, steps: toJson(end.steps), finished_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('id', '=', id)
        .where('finished_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type NluSyncRepository = ReturnType<typeof nluSyncRepository>;
