import { AppError, LLM_MESSAGES as M } from '@parley/contracts';
import { type LlmDetailRecord, nowIso, type TenantScope } from '@parley/db';
import { type LlmClient, LlmProviderError } from '@parley/llm';
import type { Chunk } from '@parley/retrieval';
import type { AppContext } from '../../../context';
import { readLlmSettings, readStoredTraining, type StoredTraining } from '../llm-view';
import { createPassageIndex, type IndexedChunk, type PassageScope } from '../passages/passage-index';
import { resolveLlmClient } from '../providers/llm-client-resolver';
import { DocumentUnreadable, passagesOfDocument } from './document-passages';
import { embeddingModelOf } from './llm-training.service';

export interface TrainingJob {
  tenantId: string;
  llmId: string;
  runId: string;
}

/** Texts per embedding call. */
const EMBEDDING_BATCH = 64;

export const noEmbeddingProvider = (provider: string) =>
  `No credentials for ${provider} are configured, so the embeddings model cannot be used: choose 'default' as the embeddings model, or add the provider in Account Administration.`;

/** Why a document failed, fit to show beside it. */
function reasonOf(error: unknown): string {
  if (error instanceof DocumentUnreadable || error instanceof AppError || error instanceof LlmProviderError)
    return error.message;
  return 'The document could not be read.';
}

/** A long document's embedding keeps the run's heartbeat going (and stops when it was cancelled). */
async function embedded(
  client: LlmClient,
  model: string,
  chunks: Chunk[],
  beat: () => Promise<boolean>,
): Promise<IndexedChunk[] | undefined> {
  const result: IndexedChunk[] = [];
  for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH) {
    if (start > 0 && !(await beat())) return undefined;
    const batch = chunks.slice(start, start + EMBEDDING_BATCH);
    const vectors = await client.embed(
      batch.map((chunk) => [...chunk.headingPath, chunk.text].join('\n')),
      model,
    );
    for (const [i, chunk] of batch.entries()) result.push({ ...chunk, embedding: vectors[i] });
  }
  return result;
}

/**
 * One training run ('llm.train'): each document read, cut into passages, embedded when the LLM
 * has an embedding model, and indexed in place of its earlier passages, so the old index serves
 * until each document's new one is in. Progress and each document's status are written as it
 * goes; a cancel (or a newer run) is seen before each document. The run succeeds when every
 * document is trained; isComplete follows it.
 */
export async function runTrainingJob(ctx: AppContext, job: TrainingJob): Promise<void> {
  const scope = ctx.repos.forTenant(job.tenantId);
  const llm = await scope.llms.get(job.llmId);
  if (!llm) return;
  let training = readStoredTraining(llm.training);
  if (training.runId !== job.runId || training.state !== 'running') return;
  const passageScope: PassageScope = { tenantId: job.tenantId, llmId: llm.id };
  const index = createPassageIndex(ctx.repos);
  const { metadataFields } = readLlmSettings(llm.settings);
  const embeddingModel = embeddingModelOf(llm.settings);
  const client = embeddingModel ? await resolveLlmClient(ctx, job.tenantId, llm.provider as never) : null;

  const save = async (next: StoredTraining, finish?: { isComplete: boolean }) => {
    const written = await scope.llms.setTraining(llm.id, next, {
      onlyIfRunId: job.runId,
      ...(finish
        ? {
            isComplete: finish.isComplete,
            indexedEmbeddingModel: finish.isComplete ? (embeddingModel ?? null) : undefined,
          }
        : {}),
    });
    if (written) training = next;
    return written;
  };

  const documents = await scope.llmDocuments.list(llm.id);
  // Documents deleted between the request and the job are not counted.
  if (
    documents.length !== training.totalDocuments &&
    !(await save({ ...training, totalDocuments: documents.length }))
  )
    return;
  const failures: string[] = [];
  let trained = 0;
  const isStillThere = async (documentId: string) => !!(await scope.llmDocuments.get(llm.id, documentId));
  const countDone = () =>
    save({ ...training, processedDocuments: training.processedDocuments + 1, heartbeatAt: nowIso() });
  for (const document of documents) {
    if (!(await stillRunning(scope, llm, job.runId))) return;
    // Deleted since the run began: nothing to train.
    if (!(await isStillThere(document.id))) {
      await countDone();
      continue;
    }
    try {
      if (embeddingModel && !client)
        throw new DocumentUnreadable('failed', noEmbeddingProvider(llm.provider));
      await scope.llmDocuments.setStatus(llm.id, document.id, { status: 'extracting', error: null });
      const chunks = await passagesOfDocument(ctx, document, metadataFields);
      if (!(await stillRunning(scope, llm, job.runId))) return;
      await scope.llmDocuments.setStatus(llm.id, document.id, { status: 'indexing' });
      const beat = () => save({ ...training, heartbeatAt: nowIso() });
      const indexed =
        client && embeddingModel ? await embedded(client, embeddingModel, chunks, beat) : chunks;
      if (!indexed || !(await stillRunning(scope, llm, job.runId))) return;
      // Deleted (or replaced by a new upload) while it was read: its passages must not come back.
      if (!(await isStillThere(document.id))) {
        await countDone();
        continue;
      }
      await index.replaceDocument(passageScope, document.id, indexed);
      await scope.llmDocuments.setStatus(llm.id, document.id, { status: 'trained', passages: chunks.length });
      trained++;
    } catch (error) {
      if (
        !(
          error instanceof DocumentUnreadable ||
          error instanceof AppError ||
          error instanceof LlmProviderError
        )
      )
        ctx.log.warn(
          { err: error, llmId: llm.id, documentId: document.id },
          'an LLM document failed to train',
        );
      const status = error instanceof DocumentUnreadable ? error.status : 'failed';
      await index.removeDocument(passageScope, document.id);
      await scope.llmDocuments.setStatus(llm.id, document.id, {
        status,
        error: reasonOf(error),
        passages: 0,
      });
      failures.push(document.displayName);
    }
    if (!(await countDone())) return;
  }
  const succeeded = failures.length === 0 && trained > 0;
  await save(
    {
      ...training,
      state: succeeded ? 'succeeded' : 'failed',
      progress: 100,
      finishedAt: nowIso(),
      heartbeatAt: nowIso(),
      message: succeeded ? M.trainSucceeded : `${M.trainFailed}: ${failuresText(failures)}`,
    },
    { isComplete: succeeded },
  );
}

function failuresText(names: string[]): string {
  if (names.length === 0) return 'there were no documents to train.';
  const shown = names.slice(0, 5).join(', ');
  return `${names.length === 1 ? 'this document was' : `${names.length} documents were`} not trained (${shown}${names.length > 5 ? ', …' : ''}).`;
}

async function stillRunning(scope: TenantScope, llm: LlmDetailRecord, runId: string): Promise<boolean> {
  const current = await scope.llms.get(llm.id);
  const training = current && readStoredTraining(current.training);
  return !!training && training.runId === runId && training.state === 'running';
}

/** A run whose job failed past its handling (the database went away): recorded as failed. */
export async function failTrainingJob(ctx: AppContext, job: TrainingJob, error: unknown): Promise<void> {
  const scope = ctx.repos.forTenant(job.tenantId);
  const llm = await scope.llms.get(job.llmId);
  const training = llm && readStoredTraining(llm.training);
  if (!llm || !training || training.runId !== job.runId || training.state !== 'running') return;
  ctx.log.error({ err: error, llmId: job.llmId }, 'LLM training failed');
  await scope.llms.setTraining(
    llm.id,
    { ...training, state: 'failed', finishedAt: nowIso(), message: M.trainFailed },
    { onlyIfRunId: job.runId, isComplete: false },
  );
}
