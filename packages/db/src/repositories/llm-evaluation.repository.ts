import type { Kysely, Selectable } from 'kysely';
import { fromJsonColumn, fromTimestamp, nowIso, toJson } from '../dialect';
import type { Database, LlmEvalRunTable } from '../schema';

/** An LLM's evaluation dataset; `questions` is what the contracts read (validated on upload). */
export interface LlmEvalDatasetRecord {
  id: string;
  llmId: string;
  name: string;
  fileName: string;
  questionCount: number;
  questions: unknown;
  createdAt: string;
}

export type LlmEvalRunState = 'running' | 'succeeded' | 'failed';

export interface LlmEvalRunRecord {
  id: string;
  llmId: string;
  datasetId: string;
  datasetName: string;
  state: LlmEvalRunState;
  done: number;
  total: number;
  summary: unknown;
  results: unknown;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

const toRun = (row: Selectable<LlmEvalRunTable>, withResults: boolean): LlmEvalRunRecord => ({
  id: row.id,
  llmId: row.llm_id,
  datasetId: row.dataset_id,
  datasetName: row.dataset_name,
  state: row.state as LlmEvalRunState,
  done: row.done,
  total: row.total,
  summary: fromJsonColumn<unknown>(row.summary, null),
  results: withResults ? fromJsonColumn<unknown>(row.results, null) : null,
  error: row.error,
  startedAt: fromTimestamp(row.started_at),
  finishedAt: fromTimestamp(row.finished_at),
});

/** Runs kept per LLM: the oldest go beyond this. */
export const LLM_EVAL_RUNS_KEPT = 50;

/** The tenant's LLM evaluation datasets and runs (reached through `repos.forTenant(t).llmEvaluations`). */
export function llmEvaluationRepository(db: Kysely<Database>, tenantId: string) {
  return {
    async addDataset(input: {
      llmId: string;
      name: string;
      fileName: string;
      questions: unknown[];
      createdBy: string;
    }): Promise<LlmEvalDatasetRecord> {
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        llm_id: input.llmId,
        name: input.name,
        file_name: input.fileName,
        question_count: input.questions.length,
        questions: toJson(input.questions),
        created_by: input.createdBy,
        created_at: nowIso(),
      };
      await db.insertInto('llm_eval_datasets').values(row).execute();
      return {
        id: row.id,
        llmId: row.llm_id,
        name: row.name,
        fileName: row.file_name,
        questionCount: row.question_count,
        questions: input.questions,
        createdAt: row.created_at,
      };
    },

    async dataset(llmId: string, datasetId: string): Promise<LlmEvalDatasetRecord | undefined> {
      const row = await db
        .selectFrom('llm_eval_datasets')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .where('id', '=', datasetId)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          llmId: row.llm_id,
          name: row.name,
          fileName: row.file_name,
          questionCount: row.question_count,
          questions: fromJsonColumn<unknown>(row.questions, []),
          createdAt: fromTimestamp(row.created_at),
        }
      );
    },

    /** The LLM's datasets, newest first, without their questions. */
    async datasets(llmId: string): Promise<Omit<LlmEvalDatasetRecord, 'questions'>[]> {
      const rows = await db
        .selectFrom('llm_eval_datasets')
        .select(['id', 'llm_id', 'name', 'file_name', 'question_count', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        llmId: row.llm_id,
        name: row.name,
        fileName: row.file_name,
        questionCount: row.question_count,
        createdAt: fromTimestamp(row.created_at),
      }));
    },

    async startRun(input: {
      llmId: string;
      datasetId: string;
      datasetName: string;
      total: number;
      startedBy: string;
    }): Promise<LlmEvalRunRecord> {
      const row = {
        id: crypto.randomUUID(),
        tenant_id: tenantId,
        llm_id: input.llmId,
        dataset_id: input.datasetId,
        dataset_name: input.datasetName,
        state: 'running',
        done: 0,
        total: input.total,
        summary: null,
        results: null,
        error: null,
        started_by: input.startedBy,
        started_at: nowIso(),
        finished_at: null,
      };
      await db.insertInto('llm_eval_runs').values(row).execute();
      return toRun(row, true);
    },

    async progress(runId: string, done: number): Promise<void> {
      await db
        .updateTable('llm_eval_runs')
        .set({ done })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', runId)
        .execute();
    },

    async finishRun(runId: string, summary: unknown, results: unknown): Promise<void> {
      await db
        .updateTable('llm_eval_runs')
        .set({
          state: 'succeeded',
          summary: toJson(summary),
          results: toJson(results),
          finished_at: nowIso(),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', runId)
        .execute();
    },

    async failRun(runId: string, error: string): Promise<void> {
      await db
        .updateTable('llm_eval_runs')
        .set({ state: 'failed', error, finished_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', runId)
        .execute();
    },

    async run(llmId: string, runId: string): Promise<LlmEvalRunRecord | undefined> {
      const row = await db
        .selectFrom('llm_eval_runs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .where('id', '=', runId)
        .executeTakeFirst();
      return row && toRun(row, true);
    },

    /** The LLM's runs, newest first, with their summaries but not their per-question results. */
    async runs(llmId: string): Promise<LlmEvalRunRecord[]> {
      const rows = await db
        .selectFrom('llm_eval_runs')
        .select([
          'id',
          'tenant_id',
          'llm_id',
          'dataset_id',
          'dataset_name',
          'state',
          'done',
          'total',
          'summary',
          'error',
          'started_by',
          'started_at',
          'finished_at',
        ])
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(LLM_EVAL_RUNS_KEPT)
        .execute();
      return rows.map((row) => toRun({ ...row, results: null }, false));
    },

    /** Whether a run of the LLM is still running. */
    async running(llmId: string): Promise<LlmEvalRunRecord | undefined> {
      const row = await db
        .selectFrom('llm_eval_runs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return row && toRun(row, false);
    },

    /** Keeps the newest LLM_EVAL_RUNS_KEPT runs of the LLM. */
    async prune(llmId: string): Promise<void> {
      const old = await db
        .selectFrom('llm_eval_runs')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('llm_id', '=', llmId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .offset(LLM_EVAL_RUNS_KEPT)
        .limit(1000)
        .execute();
      if (old.length === 0) return;
      await db
        .deleteFrom('llm_eval_runs')
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
