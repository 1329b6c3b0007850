import { Readable } from 'node:stream';
import {
  INTENT_BATCH_COLUMNS as COLUMNS,
  INTENT_BATCH_MAX_ROWS,
  INTENT_BATCH_MESSAGES as M,
} from '@parley/contracts';
import type ExcelJS from 'exceljs';
import { expandedZipSize, ZipBudgetError } from './zip-budget';

/** exceljs takes about 0.15 s to load: it is read with the first workbook, not at start. */
const excel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

/** What one row of the batch import workbook says (spec 02 section 2.2 'Batch import'). */
export interface IntentWorkbookRow {
  /** The row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  intentName: string;
  utterance: string;
  description: string;
  answer: string;
}

/** A workbook that cannot be read as a batch import; the message says why. */
export class IntentWorkbookError extends Error {}

/** A workbook of the accepted upload size expands to far less than this; more is a zip bomb. */
const MAX_EXPANDED_BYTES = 40 * 1024 * 1024;

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export { XLSX_CONTENT_TYPE };

const normalise = (header: string) => header.trim().toLowerCase();

/**
 * Reads the first sheet: the first row names the columns (any order, case ignored), every
 * further non-empty row is one utterance. `needsAnswer` (FAQ import) requires the Answer column.
 */
export async function readIntentWorkbook(data: Buffer, needsAnswer: boolean): Promise<IntentWorkbookRow[]> {
  try {
    expandedZipSize(data, MAX_EXPANDED_BYTES);
  } catch (error) {
    if (error instanceof ZipBudgetError && error.reason === 'too-big')
      throw new IntentWorkbookError(M.tooLarge);
    throw new IntentWorkbookError(M.notAWorkbook);
  }
  const rows: IntentWorkbookRow[] = [];
  let sawSheet = false;
  try {
    // Streamed row by row: a sheet past the row cap is refused at the cap, not after loading it all.
    const reader = new (await excel()).stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
    });
    for await (const sheet of reader) {
      sawSheet = true;
      await readSheetRows(sheet, needsAnswer, rows);
      break; // only the first sheet is read
    }
  } catch (error) {
    if (error instanceof IntentWorkbookError) throw error;
    throw new IntentWorkbookError(M.notAWorkbook);
  }
  if (!sawSheet) throw new IntentWorkbookError(M.notAWorkbook);
  if (rows.length === 0) throw new IntentWorkbookError(M.noRows);
  return rows;
}

/** Reads one streamed sheet into `rows`: the header row names the columns, every further non-empty row is one utterance. */
async function readSheetRows(
  sheet: ExcelJS.stream.xlsx.WorksheetReader,
  needsAnswer: boolean,
  rows: IntentWorkbookRow[],
): Promise<void> {
  const columnOf = new Map<string, number>();
  let columns: Record<'intent' | 'utterance' | 'description' | 'answer', number | undefined> | undefined;
  let rowsSeen = 0;
  for await (const row of sheet) {
    rowsSeen += 1;
    if (rowsSeen > INTENT_BATCH_MAX_ROWS + 1)
      throw new IntentWorkbookError(M.tooManyRows(INTENT_BATCH_MAX_ROWS));
    if (!columns) {
      if (row.number !== 1) throw new IntentWorkbookError(M.missingColumns);
      row.eachCell((cell, column) => {
        const name = normalise(cell.text ?? '');
        if (name && !columnOf.has(name)) columnOf.set(name, column);
      });
      columns = {
        intent: columnOf.get(normalise(COLUMNS.intentName)),
        utterance: columnOf.get(normalise(COLUMNS.utterance)),
        description: columnOf.get(normalise(COLUMNS.description)),
        answer: columnOf.get(normalise(COLUMNS.answer)),
      };
      if (columns.intent === undefined || columns.utterance === undefined)
        throw new IntentWorkbookError(M.missingColumns);
      if (needsAnswer && columns.answer === undefined) throw new IntentWorkbookError(M.missingAnswerColumn);
      continue;
    }
    const text = (column: number | undefined) =>
      column === undefined ? '' : (row.getCell(column).text ?? '').trim();
    const entry = {
      row: row.number,
      intentName: text(columns.intent),
      utterance: text(columns.utterance),
      description: text(columns.description),
      answer: text(columns.answer),
    };
    if (entry.intentName || entry.utterance || entry.description || entry.answer) rows.push(entry);
  }
  if (!columns) throw new IntentWorkbookError(M.missingColumns);
}

/** The downloadable template: the four columns and a few rows showing a normal and an FAQ intent. */
export async function intentWorkbookTemplate(): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  workbook.creator = 'Parley';
  const sheet = workbook.addWorksheet('Intents');
  sheet.columns = [
    { header: COLUMNS.intentName, key: 'intentName', width: 24 },
    { header: COLUMNS.utterance, key: 'utterance', width: 44 },
    { header: COLUMNS.description, key: 'description', width: 36 },
    { header: COLUMNS.answer, key: 'answer', width: 44 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.addRows([
    { intentName: 'Greeting', utterance: 'Hello', description: 'The user says hello' },
    { intentName: 'Greeting', utterance: 'Good morning' },
    { intentName: 'Greeting', utterance: 'Hi there' },
    {
      intentName: 'OpeningHours',
      utterance: 'When are you open?',
      description: 'Questions about opening hours',
      answer: 'We are open Monday to Friday, 9:00 to 17:00.',
    },
    { intentName: 'OpeningHours', utterance: 'What are your opening hours?' },
    { intentName: 'OpeningHours', utterance: 'Are you open on Saturday?' },
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
