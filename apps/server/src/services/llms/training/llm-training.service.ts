import {
  conflict,
  DEFAULT_EMBEDDING_MODEL,
  type LlmTrainAnswer,
  LLM_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import { nowIso } from '@parley/db';
import type { Principal } from '../../../auth/principal';
import type { AppContext } from '../../../context';
import { loadLlm } from '../llm-loading';
import { readLlmSettings, readTraining, type StoredTraining } from '../llm-view';

/** What the answer shows of a stored training (its run id and heartbeat stay inside). */
export function trainingView(training: StoredTraining): LlmTrainAnswer['training'] {
  const { runId: _runId, heartbeatAt: _heartbeatAt, ...view } = training;
  return view;
}

/**
 * POST /api/llm/{id}/train: a job reads, chunks and indexes every document (and embeds them when
 * the LLM has an embedding model); the answer is the spec's info message with the training just
 * started. GET /api/llm/{id} follows it (progress, each document's status) until it ends.
 * `ifIdle`: start only when none is running (an embedding model change re-indexes this way).
 */
export async function startTraining(
  ctx: AppContext,
  principal: Principal,
  llmId: string,
  options: { ifIdle?: boolean } = {},
): Promise<LlmTrainAnswer> {
  const llm = await loadLlm(principal, llmId);
  const current = readTraining(llm.training);
  // A run that stopped moving lost its process and reads as failed: a new one may start.
  if (current.state === 'running') {
    if (options.ifIdle) return { message: M.trainStarted, training: trainingView(current) };
    throw conflict(M.trainAlreadyRunning);
  }
  const documents = await principal.scope.llmDocuments.list(llm.id);
  if (documents.length === 0) throw validationError('documents', M.trainNothing);
  const now = nowIso();
  const training: StoredTraining = {
    runId: crypto.randomUUID(),
    state: 'running',
    processedDocuments: 0,
    totalDocuments: documents.length,
    progress: 0,
    startedAt: now,
    finishedAt: null,
    heartbeatAt: now,
    message: M.trainStarted,
  };
  for (const document of documents)
    await principal.scope.llmDocuments.setStatus(llm.id, document.id, { status: 'pending', error: null });
  await principal.scope.llms.setTraining(llm.id, training);
  await ctx.jobs.enqueue(
    'llm.train',
    { tenantId: principal.tenantId, llmId: llm.id, runId: training.runId },
    { jobId: `llm.train:${llm.id}:${training.runId}` },
  );
  return { message: M.trainStarted, training: trainingView(training) };
}

/** POST /api/llm/{id}/train/cancel: the running training stops before its next document. */
export async function cancelTraining(principal: Principal, llmId: string): Promise<LlmTrainAnswer> {
  const llm = await loadLlm(principal, llmId);
  await cancelRunningTraining(principal, llm.id);
  const after = await loadLlm(principal, llm.id);
  return {
    message: readTraining(after.training).message ?? '',
    training: trainingView(readTraining(after.training)),
  };
}

export const TRAINING_CANCELLED = 'Training was cancelled.';

/** Marks a running training cancelled (the job sees it before its next step); documents not reached are cancelled. */
export async function cancelRunningTraining(principal: Principal, llmId: string): Promise<void> {
  const llm = await principal.scope.llms.get(llmId);
  const training = llm && readTraining(llm.training);
  if (!llm || !training || training.state !== 'running') return;
  const cancelled: StoredTraining = {
    ...training,
    state: 'cancelled',
    finishedAt: nowIso(),
    message: TRAINING_CANCELLED,
  };
  if (!(await principal.scope.llms.setTraining(llmId, cancelled, { onlyIfRunId: training.runId }))) return;
  for (const document of await principal.scope.llmDocuments.list(llmId)) {
    if (document.status === 'pending' || document.status === 'extracting' || document.status === 'indexing')
      await principal.scope.llmDocuments.setStatus(llmId, document.id, { status: 'cancelled' });
  }
}

/** The embedding model passages are embedded with, or undefined for full text only. */
export function embeddingModelOf(settings: unknown): string | undefined {
  const { embeddingModel } = readLlmSettings(settings);
  return embeddingModel === DEFAULT_EMBEDDING_MODEL ? undefined : embeddingModel;
}
