import {
  NLU_DATASET_FIELD,
  type NluAutomateStatus,
  type NluMeasuringBody,
  type NluMeasuringView,
  type NluTestResults,
  type NluTestStatus,
} from '@parley/contracts';
import { toApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { getToken } from '../../../api/session';
import { downloadFile } from '../../administration/api/download-file';

/** The NLU Performance calls (spec 04 section 7.2; template, measuring and automate are ours). */
const botPath = (botName: string) => `/api/bots/${encodeURIComponent(botName)}`;
const fileBase = (botName: string) => botName.replace(/[^A-Za-z0-9_-]/g, '_');

export const fetchNluTestStatus = (botName: string, signal?: AbortSignal) =>
  api.get<NluTestStatus>(`${botPath(botName)}/nlu-test`, signal);

export const startNluTest = (botName: string) => api.post<NluTestStatus>(`${botPath(botName)}/nlu-test`);

export const fetchNluResults = (botName: string, signal?: AbortSignal) =>
  api.get<NluTestResults>(`${botPath(botName)}/nlu-results`, signal);

export const fetchNluMeasuring = (botName: string, signal?: AbortSignal) =>
  api.get<NluMeasuringView>(`${botPath(botName)}/nlu-measuring`, signal);

export const saveNluMeasuring = (botName: string, body: NluMeasuringBody) =>
  api.put<NluMeasuringView>(`${botPath(botName)}/nlu-measuring`, body);

export const fetchNluAutomate = (botName: string, signal?: AbortSignal) =>
  api.get<NluAutomateStatus>(`${botPath(botName)}/nlu-automate`, signal);

export const downloadNluDataset = (botName: string) =>
  downloadFile(`${botPath(botName)}/nlu-dataset`, `${fileBase(botName)}-nlu-dataset.csv`);

export const downloadNluTemplate = (botName: string) =>
  downloadFile(`${botPath(botName)}/nlu-dataset/template`, `${fileBase(botName)}-nlu-dataset-template.csv`);

export const downloadNluResults = (botName: string) =>
  downloadFile(`${botPath(botName)}/nlu-results?format=csv`, `${fileBase(botName)}-nlu-results.csv`);

/** PUT /api/bots/{bot}/nlu-dataset: the .csv as the multipart field `file`. */
export async function uploadNluDataset(botName: string, file: File): Promise<NluTestStatus> {
  const form = new FormData();
  form.append(NLU_DATASET_FIELD, file, file.name);
  const token = getToken();
  const response = await fetch(`${botPath(botName)}/nlu-dataset`, {
    method: 'PUT',
    headers: { Accept: 'application/json', ...(token ? { AuthToken: token } : {}) },
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: toApiError makes it the default kind
  }
  if (!response.ok) throw toApiError(response.status, body);
  return body as NluTestStatus;
}
