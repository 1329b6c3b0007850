import type {
  Llm,
  LlmCreateBody,
  LlmDocument,
  LlmPromptSize,
  LlmPromptSizeBody,
  LlmProviderReadiness,
  LlmSummary,
  LlmTestAnswer,
  LlmTestBody,
  LlmTrainAnswer,
  LlmUpdateBody,
} from '@parley/contracts';
import { llmExportFileName } from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';

const llmPath = (llmId: string) => `/api/llm/${encodeURIComponent(llmId)}`;

/** The tenant's LLMs (spec 04 section 7.3). */
export const fetchLlms = (signal?: AbortSignal) => api.get<LlmSummary[]>('/api/llm', signal);

/** One LLM; a permission_error sends the detail page back to the list. */
export const fetchLlm = (llmId: string, signal?: AbortSignal) => api.get<Llm>(llmPath(llmId), signal);

export const createLlm = (body: LlmCreateBody) => api.post<Llm>('/api/llm/create', body);

export const updateLlm = (llmId: string, body: LlmUpdateBody) =>
  api.post<Llm>(`${llmPath(llmId)}/update`, body);

export const deleteLlm = (llmId: string) => api.delete(`${llmPath(llmId)}/delete`);

/** A File document: multipart field `file`. */
export const uploadLlmFile = (llmId: string, file: File) =>
  uploadFile<LlmDocument>(`${llmPath(llmId)}/upload`, 'file', file);

/** A Url document with its page limit. */
export const addLlmUrl = (llmId: string, link: string, limit: number) =>
  api.post<LlmDocument>(`${llmPath(llmId)}/document`, { type: 'Url', link, limit });

export const trainLlm = (llmId: string) => api.post<LlmTrainAnswer>(`${llmPath(llmId)}/train`);

export const testLlm = (llmId: string, message: string, history?: LlmTestBody['history']) =>
  api.post<LlmTestAnswer>(`${llmPath(llmId)}/test`, history?.length ? { message, history } : { message });

/** Stops a running training; documents not reached are marked cancelled. */
/** The prompt's fixed part in tokens against the model's window, the draft fields counted (issue 23). */
export const fetchPromptSize = (llmId: string, body: LlmPromptSizeBody) =>
  api.post<LlmPromptSize>(`${llmPath(llmId)}/prompt-size`, body);

export const cancelLlmTraining = (llmId: string) =>
  api.post<LlmTrainAnswer>(`${llmPath(llmId)}/train/cancel`);

/** The providers' readiness for the tenant and their model lists (the create dialog, Settings). */
export const fetchProviderReadiness = (signal?: AbortSignal) =>
  api.get<LlmProviderReadiness[]>('/api/llm/providers', signal);

/** Export LLM: its settings, filters and documents as one file, handed to the browser's downloads. */
export const exportLlmFile = (llmId: string, llmDisplayName: string) =>
  downloadFile(`${llmPath(llmId)}/export`, llmExportFileName(llmDisplayName));

/** Import LLM: a new, untrained LLM made of an exported file (multipart field `file`). */
export const importLlmFile = (file: File, acceptAdditionalCost: boolean) =>
  uploadFile<Llm>(
    '/api/llm/import',
    'file',
    file,
    'POST',
    acceptAdditionalCost ? { acceptAdditionalCost: 'true' } : {},
  );
