import {
  BOT_BUNDLE_FILE_FIELD,
  BOT_BUNDLE_PASSPHRASE_FIELD,
  botFileNames,
  type ImportBotResponse,
  type ImportedBotData,
  type Plan,
} from '@parley/contracts';
import { api } from '../../../api/client';
import { downloadFile } from '../../../api/download-file';
import { uploadFile } from '../../../api/upload-file';
import { botsApiPath } from '../content-paths';

/** Export Bot: the whole bot as bot-{bot}.enc; with a passphrase, the functions' credentials sealed in. */
export const exportBotFile = (botName: string, passphrase?: string) =>
  downloadFile(
    `${botsApiPath(botName)}/export`,
    botFileNames.export(botName),
    passphrase === undefined ? undefined : { passphrase },
  );

/** 'Load bot data': the server checks the file and tells what it holds. */
export const stageBotImport = (file: File) =>
  uploadFile<ImportedBotData>('/api/bots/import/staging', BOT_BUNDLE_FILE_FIELD, file);

/** The Import-a-bot form's choices, as the import's query (spec 01 section 7). */
export interface ImportBotChoice {
  name: string;
  region: string;
  language: string;
  nluAutomate: boolean;
  /** Left out with Automate on: Parley picks the recognizer. */
  recognizer?: string;
  acceptAdditionalCost: boolean;
  /** Opens the functions' credentials a file holds sealed. */
  passphrase?: string;
}

export function importBot(file: File, choice: ImportBotChoice): Promise<ImportBotResponse> {
  const query = new URLSearchParams({
    name: choice.name,
    region: choice.region,
    language: choice.language,
    nluAutomate: String(choice.nluAutomate),
    ...(choice.recognizer !== undefined ? { recognizer: choice.recognizer } : {}),
    ...(choice.acceptAdditionalCost ? { acceptAdditionalCost: 'true' } : {}),
  });
  return uploadFile<ImportBotResponse>(
    `/api/bots/import?${query.toString()}`,
    BOT_BUNDLE_FILE_FIELD,
    file,
    'POST',
    choice.passphrase ? { [BOT_BUNDLE_PASSPHRASE_FIELD]: choice.passphrase } : {},
  );
}

/** The selected tenant's plan: its feature flags decide what the overview offers. */
export const fetchTenantPlan = (signal?: AbortSignal) => api.get<Plan>('/api/tenant/plan', signal);
