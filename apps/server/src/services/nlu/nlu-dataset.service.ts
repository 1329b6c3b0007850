import {
  NLU_PERFORMANCE_MESSAGES as M,
  NLU_DATASET_FIELD,
  type NluTestStatus,
  NONE_INTENT,
  notFound,
  validationError,
} from '@parley/contracts';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { DatasetCsvError, datasetCsv, datasetText, parseDatasetCsv } from './nlu-dataset-csv';
import { nluTestStatus } from './nlu-test.service';
import { nluPerformanceBot } from './nlu-test-access';

export interface DatasetFile {
  fileName: string;
  csv: string;
}

const fileBase = (botName: string) => botName.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * PUT /api/bots/{bot}/nlu-dataset: replaces the bot's dataset with the uploaded .csv. Any
 * problem refuses the whole file (400 naming the line) and keeps the stored one.
 */
export async function uploadNluDataset(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  file: UploadedFile,
): Promise<NluTestStatus> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  if (!file.fileName.toLowerCase().endsWith('.csv'))
    throw validationError(NLU_DATASET_FIELD, M.invalidExtension);
  let rows: ReturnType<typeof parseDatasetCsv>;
  try {
    rows = parseDatasetCsv(datasetText(file.data));
  } catch (error) {
    if (error instanceof DatasetCsvError) throw validationError(NLU_DATASET_FIELD, error.message);
    throw error;
  }
  await principal.scope.nluDatasets(bot.id).put({
    fileName: file.fileName.slice(0, 200),
    rows,
    csv: datasetCsv(rows),
    uploadedBy: principal.user.id,
  });
  return nluTestStatus(ctx, principal, botRef);
}

/** GET /api/bots/{bot}/nlu-dataset: the stored dataset as CSV (CSV-injection safe cells). */
export async function downloadNluDataset(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<DatasetFile> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const dataset = await principal.scope.nluDatasets(bot.id).get();
  if (!dataset) throw notFound(M.noDataset);
  return { fileName: `${fileBase(bot.botName)}-nlu-dataset.csv`, csv: datasetCsv(dataset.rows) };
}

/**
 * GET /api/bots/{bot}/nlu-dataset/template: the header and three example rows, taken from the
 * bot's own intents when it has utterances, else generic ones.
 */
export async function nluDatasetTemplate(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
): Promise<DatasetFile> {
  const bot = await nluPerformanceBot(ctx, principal, botRef);
  const intents = await principal.scope.intents(bot.id).list();
  const examples = intents
    .filter((i) => i.name !== NONE_INTENT)
    .flatMap((i) =>
      i.examples
        .filter((e) => e.kind === 'utterance')
        .slice(0, 1)
        .map((e) => ({ utterance: e.text, intent: i.name })),
    )
    .slice(0, 3);
  const rows =
    examples.length > 0
      ? examples
      : [
          { utterance: 'Hello there', intent: 'Greeting' },
          { utterance: 'What are your opening hours?', intent: 'OpeningHours' },
          { utterance: 'I want to talk to a person', intent: 'Handover' },
        ];
  return { fileName: `${fileBase(bot.botName)}-nlu-dataset-template.csv`, csv: datasetCsv(rows) };
}
