import { nluDatasetSectionSchema } from '@parley/contracts';
import { DatasetCsvError, datasetCsv, datasetRow } from '../../services/nlu/nlu-dataset-csv';
import { invalidContent } from '../bundle-errors';
import { defineBundleKind } from '../bundle-kind';

/**
 * The bot's NLU test dataset (the NLU Performance tab's .csv): its rows travel, and the new bot
 * has the same test set, under the importer's name. Test results and models stay behind: the
 * new bot is measured and published anew.
 */
export const nluDatasetKind = defineBundleKind({
  section: 'nluDataset',
  schema: nluDatasetSectionSchema,
  export: async ({ bot, scope }) => {
    const dataset = await scope.nluDatasets(bot.id).get();
    return dataset ? { fileName: dataset.fileName, rows: dataset.rows } : null;
  },
  import: async ({ bot, scope, actorId }, dataset) => {
    if (!dataset) return;
    let rows: ReturnType<typeof datasetRow>[];
    try {
      // Line 1 of the dataset is its header: row i is line i + 2, as in the uploaded file.
      rows = dataset.rows.map((row, i) => datasetRow(i + 2, row.utterance, row.intent));
    } catch (error) {
      if (error instanceof DatasetCsvError)
        throw invalidContent(`nluDataset "${dataset.fileName}"`, error.message);
      throw error;
    }
    await scope.nluDatasets(bot.id).put({
      fileName: dataset.fileName,
      rows,
      csv: datasetCsv(rows),
      uploadedBy: actorId,
    });
  },
  summary: () => ({}),
});
