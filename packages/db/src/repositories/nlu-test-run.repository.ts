import type { Kysely, Selectable } from 'kysely';
import { fromJson, isUniqueViolation, nowIso, toJson } from '../dialect';
import type { Database, NluTestRunTable } from '../schema';

export type NluRunKind = NluTestRunTable['kind'];
export type NluRunStatus = NluTestRunTable['status'];

/** One run of an NLU test or of NLU automate; `results` is what the run stored when it finished. */
export interface NluTestRun<Results = unknown> {
  id: string;
  botId: string;
  kind: NluRunKind;
  status: NluRunStatus;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  results: Results | null;
}

const toRun = (row: Selectable<NluTestRunTable>): NluTestRun => ({
  id: row.id,
  botId: row.bot_id,
  kind: row.kind,
  status: row.status,
  startedBy: row.started_by,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  error: row.error,
  results: fromJson<unknown>(row.results, null),
});

/** One bot's NLU test and automate runs (reached through `repos.forTenant(t).nluTestRuns(botId)`). */
export function nluTestRunRepository(db: Kysely<Database>, tenantId: string, botId: string) {
  const ofBot = (kind: NluRunKind) =>
    db
      .selectFrom('nlu_test_runs')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('bot_id', '=', botId)
      .where('kind', '=', kind);

  return {
    /**
     * Records a new running run; undefined when one of that kind is already running for the bot
     * (the partial unique index decides, so two processes cannot both start one).
     */
    async start(kind: NluRunKind, startedBy: string): Promise<NluTestRun | undefined> {
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        bot_id: botId,
        kind,
        status: 'running' as const,
        started_by: startedBy,
        started_at: nowIso(),
        finished_at: null,
        error: null,
        results: null,
      };
      try {
        await db.insertInto('nlu_test_runs').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      return toRun(row);
    },

    async finish(runId: string, results: unknown): Promise<void> {
      await db
        .updateTable('nlu_test_runs')
        .set({ status: 'finished', finished_at: nowIso(), results: toJson(results) })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', runId)
        .execute();
    },

    async fail(runId: string, error: string): Promise<void> {
      await db
        .updateTable('nlu_test_runs')
        .set({ status: 'failed', finished_at: nowIso(), error })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', runId)
        .execute();
    },

    /** The most recent run of that kind, running or not. */
    async latest(kind: NluRunKind): Promise<NluTestRun | undefined> {
      const row = await ofBot(kind).orderBy('started_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      return row && toRun(row);
    },

    /** The most recent finished run of that kind (its results are the ones to show). */
    async latestFinished(kind: NluRunKind): Promise<NluTestRun | undefined> {
      const row = await ofBot(kind)
        .where('status', '=', 'finished')
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toRun(row);
    },

    /** Whether a run of that kind has finished (its results exist), without reading them. */
    async hasFinished(kind: NluRunKind): Promise<boolean> {
      const row = await db
        .selectFrom('nlu_test_runs')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('kind', '=', kind)
        .where('status', '=', 'finished')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks runs still "running" since before `olderThan` as failed (their process died). */
    async failStale(olderThan: string, error: string): Promise<void> {
      await db
        .updateTable('nlu_test_runs')
        .set({ status: 'failed', finished_at: nowIso(), error })
        .where('tenant_id', '=', tenantId)
        .where('bot_id', '=', botId)
        .where('status', '=', 'running')
        .where('started_at', '<', olderThan)
        .execute();
    },

    /** Keeps the newest `keep` finished or failed runs of that kind, deletes older ones. */
    async prune(kind: NluRunKind, keep: number): Promise<void> {
      const old = await ofBot(kind)
        .where('status', '!=', 'running')
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (old.length === 0) return;
      await db
        .deleteFrom('nlu_test_runs')
        .where('tenant_id', '=', tenantId)
        .where(
          'id',
          'in',
          old.map((r) => r.id),
        )
        .execute();
    },
  };
}
