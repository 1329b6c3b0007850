import { DocumentRefusal } from '../document-refusal';
import type { DocumentSection } from '../sections';

/**
 * A CSV file: one section per data row, each value beside its column's header ("Header: value"
 * lines), so a row found alone still says what its values are. The first row is the header.
 * The separator is the one of `,` `;` and tab that the header line holds most of.
 */
export function extractCsv(text: string): DocumentSection[] {
  const body = text.replace(/^\uFEFF/, '');
  const rows = parseCsv(body, separatorOf(body.split('\n', 1)[0] ?? ''));
  const [header, ...records] = rows;
  if (!header) return [];
  return records.flatMap((record, index) => {
    const values = record
      .map((value, column) => [header[column]?.trim() || `Column ${column + 1}`, value.trim()] as const)
      .filter(([, value]) => value !== '');
    if (values.length === 0) return [];
    const text = values.map(([name, value]) => `${name}: ${value}`).join('\n');
    return [{ text, headingPath: [], row: index + 1, fields: Object.fromEntries(values) }];
  });
}

function separatorOf(headerLine: string): string {
  const counts = [',', ';', '\t'].map(
    (separator) => [separator, headerLine.split(separator).length] as const,
  );
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** RFC 4180: quoted fields may hold separators, line breaks and doubled quotes. */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (isQuoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else isQuoted = false;
      } else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
    index++;
  }
  if (isQuoted) throw new DocumentRefusal('The CSV file has a quoted value that never ends.');
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}
