/**
 * Date and time as TDS carries them, to and from the text SQLite stores. All calendar
 * arithmetic is in UTC days: TDS dates have no zone.
 */
const DAY_MS = 86_400_000;
/** Days from 0001-01-01 (DATE, DATETIME2) and from 1900-01-01 (DATETIME) to 1970-01-01. */
const EPOCH_FROM_YEAR_ONE = 719_162;
const EPOCH_FROM_1900 = 25_567;
/** DATETIME2 and TIME are sent here with 7 fraction digits: units of 100 ns. */
export const TIME_SCALE = 7;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?$/;
const TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?)$/;

export const isDateText = (value: unknown) => typeof value === 'string' && DATE_TEXT.test(value);
export const isTimeText = (value: unknown) => typeof value === 'string' && TIME_TEXT.test(value);
export const isTimestampText = (value: unknown) => typeof value === 'string' && TIMESTAMP_TEXT.test(value);

function epochDaysOf(dateText: string): number {
  const [, year, month, day] = DATE_TEXT.exec(dateText) ?? [];
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  return Math.round(date.getTime() / DAY_MS);
}

const dateTextOf = (epochDays: number) => new Date(epochDays * DAY_MS).toISOString().slice(0, 10);

export const daysSinceYearOne = (dateText: string) => epochDaysOf(dateText) + EPOCH_FROM_YEAR_ONE;
export const dateFromYearOne = (days: number) => dateTextOf(days - EPOCH_FROM_YEAR_ONE);
export const daysSince1900 = (dateText: string) => epochDaysOf(dateText) + EPOCH_FROM_1900;
export const dateFrom1900 = (days: number) => dateTextOf(days - EPOCH_FROM_1900);

/** '10:30', '10:30:05' or '10:30:05.1234567' as units of 10^-scale seconds since midnight. */
export function timeUnitsOf(timeText: string, scale = TIME_SCALE): number {
  const [, hours, minutes, seconds = '0', fraction = ''] = TIME_TEXT.exec(timeText) ?? [];
  const wholeSeconds = (Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds);
  return wholeSeconds * 10 ** scale + Number(fraction.padEnd(scale, '0').slice(0, scale) || 0);
}

export function timeTextOf(units: number, scale: number): string {
  const perSecond = 10 ** scale;
  const wholeSeconds = Math.floor(units / perSecond);
  const clock = [Math.floor(wholeSeconds / 3600), Math.floor(wholeSeconds / 60) % 60, wholeSeconds % 60]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return scale > 0 ? `${clock}.${String(units % perSecond).padStart(scale, '0')}` : clock;
}

/** Splits '2024-05-01 10:30:00' (or with a T) into its date and time. */
export function timestampParts(text: string): { date: string; time: string } {
  const [, date = '', time = ''] = TIMESTAMP_TEXT.exec(text) ?? [];
  return { date, time };
}
