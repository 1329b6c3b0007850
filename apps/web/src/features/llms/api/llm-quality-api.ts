import type {
  LlmEvaluateAnswer,
  LlmEvaluationDataset,
  LlmEvaluationRunDetail,
  LlmEvaluations,
  LlmMetrics,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { uploadFile } from '../../../api/upload-file';

const llmPath = (llmId: string) => `/api/llm/${encodeURIComponent(llmId)}`;

/** An evaluation dataset file (CSV or JSON) in the field `file`, with its name. */
export const uploadEvaluationDataset = (llmId: string, file: File, datasetName: string) =>
  uploadFile<LlmEvaluationDataset>(
    `${llmPath(llmId)}/evaluation-dataset`,
    'file',
    file,
    'POST',
    datasetName.trim() ? { datasetName: datasetName.trim() } : {},
  );

export const evaluateLlm = (llmId: string, datasetId?: string) =>
  api.post<LlmEvaluateAnswer>(`${llmPath(llmId)}/evaluate`, datasetId ? { datasetId } : {});

export const fetchEvaluations = (llmId: string, signal?: AbortSignal) =>
  api.get<LlmEvaluations>(`${llmPath(llmId)}/evaluations`, signal);

export const fetchEvaluationRun = (llmId: string, runId: string, signal?: AbortSignal) =>
  api.get<LlmEvaluationRunDetail>(`${llmPath(llmId)}/evaluations/${encodeURIComponent(runId)}`, signal);

/** One LLM's statistics: a month, or one day of it. */
export const fetchLlmMetrics = (
  llmId: string,
  period: { year: number; month: number; day?: number },
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ month: String(period.month), year: String(period.year) });
  if (period.day !== undefined) query.set('day', String(period.day));
  return api.get<LlmMetrics>(`${llmPath(llmId)}/metrics?${query}`, signal);
};
