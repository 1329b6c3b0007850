import {
  conflict,
  LLM_EVALUATION_LIMITS as L,
  LLM_EVALUATION_UPLOAD_FIELD,
  type LlmEvaluateAnswer,
  type LlmEvaluateBody,
  type LlmEvaluationDataset,
  type LlmEvaluationResult,
  type LlmEvaluationRun,
  type LlmEvaluationRunDetail,
  type LlmEvaluations,
  type llmEvaluateBodySchema,
  LLM_EVALUATION_MESSAGES as M,
  notFound,
  validationError,
} from '@parley/contracts';
import type { LlmEvalDatasetRecord, LlmEvalRunRecord } from '@parley/db';
import type { z } from 'zod';
import type { Principal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import type { UploadedFile } from '../../../http/multipart';
import { loadLlm } from '../llm-loading';
import { readLlmSettings } from '../llm-view';
import { evaluationFileKind } from './evaluation-dataset';
import { readEvaluationDatasetInWorker } from './evaluation-in-worker';

/** A run that has not moved for this long lost its process (a restart): it counts as failed. */
export const STALE_EVALUATION_MS = 30 * 60 * 1000;

export interface EvaluationSummary {
  retrieval: LlmEvaluationRun['retrieval'];
  answers: LlmEvaluationRun['answers'];
}

const datasetView = (d: Omit<LlmEvalDatasetRecord, 'questions'>): LlmEvaluationDataset => ({
  datasetId: d.id,
  datasetName: d.name,
  fileName: d.fileName,
  questions: d.questionCount,
  createdAt: d.createdAt,
});

export function runView(run: LlmEvalRunRecord): LlmEvaluationRun {
  const summary = (run.summary ?? null) as EvaluationSummary | null;
  return {
    runId: run.id,
    datasetId: run.datasetId,
    datasetName: run.datasetName,
    state: run.state,
    done: run.done,
    total: run.total,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    error: run.error,
    retrieval: summary?.retrieval ?? null,
    answers: summary?.answers ?? null,
  };
}

/**
 * POST /api/llm/{id}/evaluation-dataset (multipart `file`, optional field `datasetName`): the
 * questions are read in the input worker, kept as a new dataset, and the LLM's datasetName and
 * datasetId name it (the Evaluate tab's fields). Any problem refuses the whole file.
 */
export async function uploadEvaluationDataset(
  principal: Principal,
  llmId: string,
  file: UploadedFile,
): Promise<LlmEvaluationDataset> {
  const llm = await loadLlm(principal, llmId);
  if (!evaluationFileKind(file.fileName)) throw validationError(LLM_EVALUATION_UPLOAD_FIELD, M.fileType);
  const questions = await readEvaluationDatasetInWorker(file.data, file.fileName);
  const fileName = file.fileName.slice(0, L.nameMaxLength);
  const given = file.fields?.datasetName?.trim();
  const name = (given || fileName.replace(/\.(csv|json)$/i, '')).slice(0, L.nameMaxLength);
  const dataset = await principal.scope.llmEvaluations.addDataset({
    llmId: llm.id,
    name,
    fileName,
    questions,
    createdBy: principal.user.id,
  });
  const settings = (llm.settings && typeof llm.settings === 'object' ? llm.settings : {}) as Record<
    string,
    unknown
  >;
  await principal.scope.llms.update(llm.id, {
    settings: { ...settings, datasetName: dataset.name, datasetId: dataset.id },
  });
  return datasetView(dataset);
}

/** GET /api/llm/{id}/evaluations: the LLM's datasets and runs (newest first), for side by side. */
export async function listEvaluations(principal: Principal, llmId: string): Promise<LlmEvaluations> {
  const llm = await loadLlm(principal, llmId);
  const [datasets, runs] = await Promise.all([
    principal.scope.llmEvaluations.datasets(llm.id),
    principal.scope.llmEvaluations.runs(llm.id),
  ]);
  return { datasets: datasets.map(datasetView), runs: runs.map(runView) };
}

/** GET /api/llm/{id}/evaluations/{runId}: one run with each question's scores and answer. */
export async function getEvaluationRun(
  principal: Principal,
  llmId: string,
  runId: string,
): Promise<LlmEvaluationRunDetail> {
  const llm = await loadLlm(principal, llmId);
  const run = await principal.scope.llmEvaluations.run(llm.id, runId);
  if (!run) throw notFound(`There is no evaluation ${runId.slice(0, 100)}.`);
  return { ...runView(run), results: (run.results ?? []) as LlmEvaluationResult[] };
}

const isStale = (run: LlmEvalRunRecord, now = Date.now()) =>
  now - Date.parse(run.startedAt) > STALE_EVALUATION_MS;

/**
 * POST /api/llm/{id}/evaluate: the dataset (the body's datasetId, else the LLM's) is run as a job
 * ('llm.evaluate'); the answer is the spec's message with the run just started. One run per LLM
 * at a time; the LLM must be trained (its passages are what retrieval is scored on).
 */
export async function startEvaluation(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  body: LlmEvaluateBody,
): Promise<LlmEvaluateAnswer> {
  const input = body as z.output<typeof llmEvaluateBodySchema>;
  const llm = await loadLlm(principal, llmId);
  const datasetId = input.datasetId ?? readLlmSettings(llm.settings).datasetId.trim();
  if (!datasetId) throw validationError('datasetId', M.noDataset);
  const dataset = await principal.scope.llmEvaluations.dataset(llm.id, datasetId);
  if (!dataset) throw validationError('datasetId', M.datasetUnknown);
  if (!llm.isComplete) throw validationError('datasetId', M.notTrained);
  const running = await principal.scope.llmEvaluations.running(llm.id);
  if (running) {
    if (!isStale(running)) throw conflict(M.alreadyRunning);
    await principal.scope.llmEvaluations.failRun(running.id, M.failed);
  }
  const run = await principal.scope.llmEvaluations.startRun({
    llmId: llm.id,
    datasetId: dataset.id,
    datasetName: dataset.name,
    total: dataset.questionCount,
    startedBy: principal.user.id,
  });
  await principal.scope.llmEvaluations.prune(llm.id);
  await ctx.jobs.enqueue(
    'llm.evaluate',
    { tenantId: principal.tenantId, llmId: llm.id, runId: run.id },
    { jobId: `llm.evaluate:${llm.id}:${run.id}` },
  );
  return { message: M.started, run: runView(run) };
}
