import {
  NLU_PERFORMANCE_MESSAGES as M,
  NLU_DATASET_MAX_INTENT,
  NLU_DATASET_MAX_ROWS,
  NLU_DATASET_MAX_UTTERANCE,
  type NluDatasetRowView,
} from '@parley/contracts';
import { csvCell } from '../tenancy/audit-log.service';

/** A dataset file that cannot be taken; `message` names the line (1 = the header). */
export class DatasetCsvError extends Error {}

/**
 * Splits CSV text into records of fields by RFC 4180: commas, CRLF or LF line ends, quoted
 * fields with doubled quotes and commas or line breaks inside. Each record keeps the line it
 * starts on, for messages. Blank lines are skipped.
 */
function records(text: string): Array<{ line: number; fields: string[] }> {
  const out: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]?.trim() === '')) out.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length) {
    const c = text[i];
    // A quote opens a field only as its first character (RFC 4180).
    if (c === '"' && !fieldStarted) {
      const openedOn = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new DatasetCsvError(M.unclosedQuote(openedOn));
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      fieldStarted = true;
      // After a closing quote only a separator or the end of the line may follow (spaces allowed).
      while (text[i] === ' ' || text[i] === '\t') i++;
      if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
        throw new DatasetCsvError(M.quoteInField(line));
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (c === '"') throw new DatasetCsvError(M.quoteInField(line));
    field += c;
    fieldStarted = true;
    i++;
  }
  if (fieldStarted || fields.length > 0) endRecord();
  return out;
}

/** The bytes of an upload as text: UTF-8 only (a BOM is dropped), anything else is refused. */
export function datasetText(data: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new DatasetCsvError(M.notUtf8);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * The rows of a dataset CSV: header `utterance,intent` (either order, any case), then one
 * utterance and its expected intent per line, both trimmed and non-empty. Every refusal names
 * its line; docs/decisions.md 'NLU performance' lists the rules.
 */
export function parseDatasetCsv(text: string): NluDatasetRowView[] {
  if (text.trim() === '') throw new DatasetCsvError(M.emptyFile);
  const all = records(text);
  const [header, ...body] = all;
  const names = header?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  const utteranceAt = names.indexOf('utterance');
  const intentAt = names.indexOf('intent');
  if (names.length !== 2 || utteranceAt < 0 || intentAt < 0 || header?.line !== 1)
    throw new DatasetCsvError(M.badHeader);
  if (body.length === 0) throw new DatasetCsvError(M.noRows);
  if (body.length > NLU_DATASET_MAX_ROWS) throw new DatasetCsvError(M.tooManyRows(NLU_DATASET_MAX_ROWS));
  return body.map(({ line, fields }) => {
    if (fields.length !== 2) throw new DatasetCsvError(M.wrongColumns(line, fields.length));
    return datasetRow(line, fields[utteranceAt] ?? '', fields[intentAt] ?? '');
  });
}

/** One dataset row by the rules of every way a dataset arrives (upload, bot import); `line` names it in a refusal. */
export function datasetRow(line: number, rawUtterance: string, rawIntent: string): NluDatasetRowView {
  const utterance = rawUtterance.trim();
  const intent = rawIntent.trim();
  if (utterance === '') throw new DatasetCsvError(M.emptyUtterance(line));
  if (intent === '') throw new DatasetCsvError(M.emptyIntent(line));
  if (utterance.length > NLU_DATASET_MAX_UTTERANCE)
    throw new DatasetCsvError(M.tooLong(line, 'utterance', NLU_DATASET_MAX_UTTERANCE));
  if (intent.length > NLU_DATASET_MAX_INTENT)
    throw new DatasetCsvError(M.tooLong(line, 'intent', NLU_DATASET_MAX_INTENT));
  return { utterance, intent };
}

/** Rows as CSV for download: CSV-injection safe cells (as the audit log), CRLF, a BOM for spreadsheets. */
export function datasetCsv(rows: readonly NluDatasetRowView[]): string {
  const lines = ['utterance,intent', ...rows.map((r) => `${csvCell(r.utterance)},${csvCell(r.intent)}`)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Any table as CSV, cells CSV-injection safe. */
export function tableCsv(columns: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const lines = [columns.join(','), ...rows.map((r) => r.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
