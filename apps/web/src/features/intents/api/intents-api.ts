import {
  FAQ_FILE_FIELD,
  type FlowTemplateView,
  type GeneratedUtterances,
  type GenerateUtterancesBody,
  INTENT_BATCH_FILE_FIELD,
  INTENT_BATCH_TEMPLATE_FILE,
  INTENT_FILE_FIELD,
  type IntentBatchImportResult,
  type IntentImportResult,
  type IntentImportStaging,
  type IntentSummary,
  type IntentType,
  type IntentView,
  intentFileName,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botApiPath } from '../../bots';

/** The intent calls of spec 02 section 7 'Intents'. */
const intents = (botName: string) => `${botApiPath(botName)}/intents`;
const intentPath = (botName: string, intent: string) => `${intents(botName)}/${encodeURIComponent(intent)}`;

export interface CreateIntentRequest {
  name: string;
  description: string;
  type: IntentType;
  answer: string;
  isRedirect: boolean;
  template: string | null;
  utterances: string[];
  patterns: string[];
}

/** GET /api/templates: the flows a new intent can start from. */
export const fetchFlowTemplates = (signal?: AbortSignal) =>
  api.get<FlowTemplateView[]>('/api/templates', signal);

/** The list: every intent without its examples (a bot may have hundreds). */
export const fetchIntents = (botName: string, signal?: AbortSignal) =>
  api.get<IntentSummary[]>(`${intents(botName)}?view=summary`, signal);

/** One intent with its examples. */
export const fetchIntent = (botName: string, intent: string, signal?: AbortSignal) =>
  api.get<IntentView>(intentPath(botName, intent), signal);

export const createIntent = (botName: string, body: CreateIntentRequest) =>
  api.post<IntentView>(intents(botName), body);

export const renameIntent = (botName: string, name: string, newName: string) =>
  api.put<IntentView>(`${intents(botName)}/change-name`, { name, newName });

export const updateIntentDescription = (botName: string, intentName: string, description: string) =>
  api.post<IntentView>(`${intents(botName)}/update-description`, { intentName, description });

export const updateFaqAnswer = (botName: string, intent: string, answer: string) =>
  api.patch<IntentView>(intentPath(botName, intent), { answer });

export const changeToNormalIntent = (botName: string, intent: string) =>
  api.patch<IntentView>(intentPath(botName, intent), { type: 'normal' });

export const deleteIntent = (botName: string, intent: string) => api.delete(intentPath(botName, intent));

export const addExample = (botName: string, intent: string, text: string) =>
  api.post<IntentView>(`${intentPath(botName, intent)}/examples`, { text });

export const updateExample = (botName: string, intent: string, id: string, text: string) =>
  api.put<IntentView>(`${intentPath(botName, intent)}/examples`, {
    example: { text, ids: { internal: id } },
  });

export const deleteExample = (botName: string, intent: string, kind: 'utterances' | 'patterns', id: string) =>
  api.delete<IntentView>(`${intentPath(botName, intent)}/${kind}/${encodeURIComponent(id)}`);

export const exportIntent = (botName: string, intent: string) =>
  downloadFile(`${intentPath(botName, intent)}/export`, intentFileName(botName, intent));

export const stageIntentImport = (file: File) =>
  uploadFile<IntentImportStaging>('/api/intents/import/staging', INTENT_FILE_FIELD, file);

export const importIntent = (botName: string, name: string, file: File) =>
  uploadFile<IntentImportResult>(`${intentPath(botName, name)}/import`, INTENT_FILE_FIELD, file);

export const batchImportIntents = (botName: string, file: File) =>
  uploadFile<IntentBatchImportResult>(`${intents(botName)}/batch-import`, INTENT_BATCH_FILE_FIELD, file);

export const importFaqIntents = (botName: string, file: File) =>
  uploadFile<IntentBatchImportResult>(`${intents(botName)}/import-faq`, FAQ_FILE_FIELD, file);

export const downloadBatchTemplate = () =>
  downloadFile('/api/intents/batch-import/template', INTENT_BATCH_TEMPLATE_FILE);

/** Auto generate for an intent: proposals from its name, description and examples; nothing is added. */
export const generateIntentUtterances = (botName: string, intent: string) =>
  api.put<GeneratedUtterances>(`${intentPath(botName, intent)}/utterances/generate`);

/** Auto generate in the Create Intent modal: proposals from what the modal holds so far. */
export const generateNewIntentUtterances = (botName: string, body: GenerateUtterancesBody) =>
  api.post<GeneratedUtterances>(`${intents(botName)}/utterances/generate`, body);
