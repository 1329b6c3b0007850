import type { RecordsetColumns, SqlServerTypes } from 'mssql';

type Convert = (value: unknown) => unknown;

/** tedious gives BIGINT as text: a number while it is exact, as the other drivers give it. */
const bigintValue: Convert = (value) =>
  typeof value === 'string' && Number.isSafeInteger(Number(value)) ? Number(value) : value;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const dateText = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Sub-millisecond digits come as tedious's nanosecondsDelta (a fraction of a second). */
function timeText(date: Date & { nanosecondsDelta?: number }): string {
  const units = date.getUTCMilliseconds() * 10_000 + Math.round((date.nanosecondsDelta ?? 0) * 1e7);
  const fraction = units > 0 ? `.${pad(units, 7).replace(/0+$/, '')}` : '';
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${fraction}`;
}

const whenDate =
  (format: (date: Date) => string): Convert =>
  (value) =>
    value instanceof Date ? format(value) : value;

/**
 * Dates and zone-less times as the database wrote them ('1815-12-10', '2024-05-01 10:30:00'),
 * as the PostgreSQL and MySQL drivers give them, not as a JavaScript Date at midnight UTC or
 * on 1970-01-01. tedious reads them as UTC (useUTC), so the UTC fields are the stored ones.
 * DATETIMEOFFSET names its instant and stays a Date (ISO text in the output).
 */
export function valueConverters(columns: RecordsetColumns, types: SqlServerTypes): Map<string, Convert> {
  const byType = new Map<unknown, Convert>([
    [types.BigInt, bigintValue],
    [types.Date, whenDate(dateText)],
    [types.DateTime, whenDate((date) => `${dateText(date)} ${timeText(date)}`)],
    [types.DateTime2, whenDate((date) => `${dateText(date)} ${timeText(date)}`)],
    [types.SmallDateTime, whenDate((date) => `${dateText(date)} ${timeText(date)}`)],
    [types.Time, whenDate(timeText)],
  ]);
  const converters = new Map<string, Convert>();
  for (const [name, column] of Object.entries(columns)) {
    const convert = byType.get(column.type);
    if (convert) converters.set(name, convert);
  }
  return converters;
}
