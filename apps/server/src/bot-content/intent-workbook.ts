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
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw new IntentWorkbookError(M.notAWorkbook);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new IntentWorkbookError(M.notAWorkbook);
  if (sheet.actualRowCount > INTENT_BATCH_MAX_ROWS + 1) {
    throw new IntentWorkbookError(M.tooManyRows(INTENT_BATCH_MAX_ROWS));
  }

  const header = sheet.getRow(1);
  const columnOf = new Map<string, number>();
  header.eachCell((cell, column) => {
    const name = normalise(cell.text ?? '');
    if (name && !columnOf.has(name)) columnOf.set(name, column);
  });
  const intentColumn = columnOf.get(normalise(COLUMNS.intentName));
  const utteranceColumn = columnOf.get(normalise(COLUMNS.utterance));
  const descriptionColumn = columnOf.get(normalise(COLUMNS.description));
  const answerColumn = columnOf.get(normalise(COLUMNS.answer));
  if (intentColumn === undefined || utteranceColumn === undefined)
    throw new IntentWorkbookError(M.missingColumns);
  if (needsAnswer && answerColumn === undefined) throw new IntentWorkbookError(M.missingAnswerColumn);

  const rows: IntentWorkbookRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const text = (column: number | undefined) =>
      column === undefined ? '' : (row.getCell(column).text ?? '').trim();
    const entry = {
      row: rowNumber,
      intentName: text(intentColumn),
      utterance: text(utteranceColumn),
      description: text(descriptionColumn),
      answer: text(answerColumn),
    };
    if (entry.intentName || entry.utterance || entry.description || entry.answer) rows.push(entry);
  });
  if (rows.length === 0) throw new IntentWorkbookError(M.noRows);
  return rows;
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
