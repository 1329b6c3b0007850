import {
  NLU_DATASET_FIELD,
  type NluAutomateStatus,
  type NluMeasuringBody,
  type NluMeasuringView,
  type NluTestResults,
  type NluTestStatus,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botsApiPath } from '../../bots';

/** The NLU Performance calls (spec 04 section 7.2; template, measuring and automate are ours). */
const fileBase = (botName: string) => botName.replace(/[^A-Za-z0-9_-]/g, '_');

export const fetchNluTestStatus = (botName: string, signal?: AbortSignal) =>
  api.get<NluTestStatus>(`${botsApiPath(botName)}/nlu-test`, signal);

export const startNluTest = (botName: string) => api.post<NluTestStatus>(`${botsApiPath(botName)}/nlu-test`);

export const fetchNluResults = (botName: string, signal?: AbortSignal) =>
  api.get<NluTestResults>(`${botsApiPath(botName)}/nlu-results`, signal);

export const fetchNluMeasuring = (botName: string, signal?: AbortSignal) =>
  api.get<NluMeasuringView>(`${botsApiPath(botName)}/nlu-measuring`, signal);

export const saveNluMeasuring = (botName: string, body: NluMeasuringBody) =>
  api.put<NluMeasuringView>(`${botsApiPath(botName)}/nlu-measuring`, body);

export const fetchNluAutomate = (botName: string, signal?: AbortSignal) =>
  api.get<NluAutomateStatus>(`${botsApiPath(botName)}/nlu-automate`, signal);

export const downloadNluDataset = (botName: string) =>
  downloadFile(`${botsApiPath(botName)}/nlu-dataset`, `${fileBase(botName)}-nlu-dataset.csv`);

export const downloadNluTemplate = (botName: string) =>
  downloadFile(
    `${botsApiPath(botName)}/nlu-dataset/template`,
    `${fileBase(botName)}-nlu-dataset-template.csv`,
  );

export const downloadNluResults = (botName: string) =>
  downloadFile(`${botsApiPath(botName)}/nlu-results?format=csv`, `${fileBase(botName)}-nlu-results.csv`);

/** PUT /api/bots/{bot}/nlu-dataset: the .csv as the multipart field `file`. */
export const uploadNluDataset = (botName: string, file: File) =>
  uploadFile<NluTestStatus>(`${botsApiPath(botName)}/nlu-dataset`, NLU_DATASET_FIELD, file, 'PUT');
