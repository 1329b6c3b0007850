import {
  LLM_DEFAULTS,
  LLM_DOCUMENT_STATUSES,
  LLM_DOCUMENT_TYPES,
  LLM_OUTPUT_TYPES,
  LLM_PROVIDER_IDS,
  LLM_REGIONS,
  LLM_TRAINING_STATES,
  type Llm,
  type LlmDocument,
  type LlmDocumentStatus,
  type LlmTraining,
  type LlmTrainingState,
  RAG_FILTER_OPERATORS,
  type RagFilter,
} from '@parley/contracts';
import type { LlmDetailRecord, LlmDocumentRecord } from '@parley/db';

/** What `llms.settings` holds: every field of an LLM that has no column of its own. */
export type LlmSettings = Omit<
  Llm,
  | 'llmId'
  | 'llmDisplayName'
  | 'description'
  | 'llmProvider'
  | 'model'
  | 'isComplete'
  | 'dateCreated'
  | 'documents'
  | 'trainedDocs'
  | 'training'
>;

/** The training record kept in `llms.training`: the contract's shape and the run it belongs to. */
export interface StoredTraining extends LlmTraining {
  runId: string;
  /** When the running job last moved (a training that stops moving lost its process). */
  heartbeatAt?: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const number = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function ragFiltersOf(value: unknown): RagFilter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const f = entry as Partial<RagFilter> | null;
    if (!f || typeof f.metadataField !== 'string' || typeof f.query !== 'string') return [];
    return [
      {
        metadataField: f.metadataField,
        query: f.query,
        operator: oneOf(RAG_FILTER_OPERATORS, f.operator, 'eq'),
      },
    ];
  });
}

/** The stored settings read field by field: what is missing or malformed takes its default. */
export function readLlmSettings(stored: unknown): LlmSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const d = LLM_DEFAULTS;
  return {
    language: text(s.language, d.language),
    embeddingModel: text(s.embeddingModel, d.embeddingModel),
    region: oneOf(LLM_REGIONS, s.region, d.region),
    temperature: number(s.temperature, d.temperature),
    persona: text(s.persona, d.persona),
    generalInstructions: text(s.generalInstructions, d.generalInstructions),
    additionalLLMQuery: text(s.additionalLLMQuery, d.additionalLLMQuery),
    formatInstructions: text(s.formatInstructions, d.formatInstructions),
    historyInstructions: text(s.historyInstructions, d.historyInstructions),
    output: oneOf(LLM_OUTPUT_TYPES, s.output, d.output),
    outputSchema: text(s.outputSchema, d.outputSchema),
    outputCheckConditions: strings(s.outputCheckConditions),
    guardrailsMessage: text(s.guardrailsMessage, d.guardrailsMessage),
    datasetName: text(s.datasetName, d.datasetName),
    datasetId: text(s.datasetId, d.datasetId),
    amountOfDocs: number(s.amountOfDocs, d.amountOfDocs),
    ragFilters: ragFiltersOf(s.ragFilters),
    metadataFields: strings(s.metadataFields),
  };
}

const NO_TRAINING: LlmTraining = {
  state: 'none',
  processedDocuments: 0,
  totalDocuments: 0,
  progress: 0,
  startedAt: null,
  finishedAt: null,
  message: null,
};

/** A training that has not moved for this long lost its process (a restart). */
export const STALE_TRAINING_MS = 15 * 60 * 1000;
export const TRAINING_INTERRUPTED =
  'Failed to train LLM: the training was interrupted (the server restarted). Train it again.';

/** The stored training; a running one that stopped moving is read as failed (interrupted). */
export function readTraining(stored: unknown, now = Date.now()): StoredTraining {
  const training = readStoredTraining(stored);
  const lastMove = Date.parse(training.heartbeatAt ?? training.startedAt ?? '');
  if (training.state !== 'running' || !(now - lastMove > STALE_TRAINING_MS)) return training;
  return {
    ...training,
    state: 'failed',
    message: TRAINING_INTERRUPTED,
    finishedAt: training.heartbeatAt ?? null,
  };
}

/** The stored training as written (the job's own view: it knows whether it still runs). */
export function readStoredTraining(stored: unknown): StoredTraining {
  const t = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const state: LlmTrainingState = oneOf(LLM_TRAINING_STATES, t.state, 'none');
  if (state === 'none') return { ...NO_TRAINING, runId: '' };
  const processed = number(t.processedDocuments, 0);
  const total = number(t.totalDocuments, 0);
  return {
    runId: text(t.runId, ''),
    state,
    processedDocuments: processed,
    totalDocuments: total,
    progress: total === 0 ? (state === 'running' ? 0 : 100) : Math.round((processed / total) * 100),
    startedAt: typeof t.startedAt === 'string' ? t.startedAt : null,
    finishedAt: typeof t.finishedAt === 'string' ? t.finishedAt : null,
    message: typeof t.message === 'string' ? t.message : null,
    heartbeatAt: typeof t.heartbeatAt === 'string' ? t.heartbeatAt : null,
  };
}

/** Where a File document's bytes are downloaded from (the link of spec 3.11's Document). */
export const documentDownloadPath = (llmId: string, documentId: string) =>
  `/api/llm/${encodeURIComponent(llmId)}/documents/${encodeURIComponent(documentId)}/file`;

export function llmDocumentView(record: LlmDocumentRecord): LlmDocument {
  const type = oneOf(LLM_DOCUMENT_TYPES, record.type, 'File');
  return {
    documentId: record.id,
    name: record.name,
    displayName: record.displayName,
    type,
    link: type === 'File' ? documentDownloadPath(record.llmId, record.id) : record.link,
    limit: type === 'Url' ? record.pageLimit : null,
    size: record.size,
    status: oneOf<LlmDocumentStatus>(LLM_DOCUMENT_STATUSES, record.status, 'pending'),
    error: record.error,
    passages: record.passages,
    dateAdded: record.createdAt,
  };
}

/** GET /api/llm/{llmId}: the LLM of spec 04 section 3.11 with its documents and training. */
export function llmView(record: LlmDetailRecord, documents: LlmDocumentRecord[]): Llm {
  const { runId: _runId, heartbeatAt: _heartbeatAt, ...training } = readTraining(record.training);
  const documentViews = documents.map(llmDocumentView);
  return {
    llmId: record.id,
    llmDisplayName: record.displayName,
    description: record.description,
    llmProvider: oneOf(LLM_PROVIDER_IDS, record.provider, 'openai-compatible'),
    model: record.model,
    isComplete: record.isComplete,
    dateCreated: record.createdAt,
    ...readLlmSettings(record.settings),
    documents: documentViews,
    trainedDocs: documentViews.filter((d) => d.status === 'trained').length,
    training,
  };
}
