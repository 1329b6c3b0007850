import {
  daysSince1900,
  daysSinceYearOne,
  isDateText,
  isTimestampText,
  isTimeText,
  TIME_SCALE,
  timestampParts,
  timeUnitsOf,
} from './dates';
import type { SqlValue } from './parameter-values';
import { COLLATION } from './tokens';
import { bVarChar, i32, u8, u16, u32, u64 } from './wire';

/**
 * How a result column is sent. SQLite types values, not columns, so the type is chosen from
 * the values: integers are INT while they all fit, else BIGINT; other numbers FLOAT; blobs
 * VARBINARY(MAX); the rest NVARCHAR(MAX). A column declared DATE, DATETIME, DATETIME2 or TIME
 * whose values all read as one is sent as that type.
 */
type ColumnKind = 'int' | 'bigint' | 'float' | 'text' | 'binary' | 'date' | 'datetime' | 'datetime2' | 'time';

export interface ResultColumn {
  name: string;
  kind: ColumnKind;
}

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const PLP_NULL = 0xffff_ffff_ffff_ffffn;
/** Long values go out in several PLP chunks, as SQL Server's do. */
const PLP_CHUNK = 4000;
const NULLABLE = 0x0001;

export function columnKind(declaredType: string | null, values: SqlValue[]): ColumnKind {
  const present = values.filter((value) => value !== null);
  const declared = (declaredType ?? '').toUpperCase();
  if (declared === 'DATE' && present.every(isDateText)) return 'date';
  if ((declared === 'DATETIME' || declared === 'DATETIME2') && present.every(isTimestampText)) {
    return declared === 'DATETIME' ? 'datetime' : 'datetime2';
  }
  if (declared === 'TIME' && present.every(isTimeText)) return 'time';
  if (present.length === 0) return 'text';
  if (present.every((value) => typeof value === 'bigint')) {
    return present.every((value) => value >= INT_MIN && value <= INT_MAX) ? 'int' : 'bigint';
  }
  if (present.every((value) => typeof value === 'bigint' || typeof value === 'number')) return 'float';
  if (present.every((value) => Buffer.isBuffer(value))) return 'binary';
  return 'text';
}

/** COLMETADATA. */
export function colMetadataToken(columns: ResultColumn[]): Buffer {
  return Buffer.concat([
    u8(0x81),
    u16(columns.length),
    ...columns.flatMap(({ name, kind }) => [
      u32(0),
      u16(NULLABLE),
      typeInfo(kind),
      bVarChar(name.slice(0, 128)),
    ]),
  ]);
}

function typeInfo(kind: ColumnKind): Buffer {
  switch (kind) {
    case 'int':
      return Buffer.from([0x26, 4]);
    case 'bigint':
      return Buffer.from([0x26, 8]);
    case 'float':
      return Buffer.from([0x6d, 8]);
    case 'text':
      return Buffer.concat([u8(0xe7), u16(0xffff), COLLATION]);
    case 'binary':
      return Buffer.concat([u8(0xa5), u16(0xffff)]);
    case 'date':
      return u8(0x28);
    case 'datetime':
      return Buffer.from([0x6f, 8]);
    case 'datetime2':
      return Buffer.from([0x2a, TIME_SCALE]);
    case 'time':
      return Buffer.from([0x29, TIME_SCALE]);
  }
}

/** ROW: each value in its column's type. */
export function rowToken(columns: ResultColumn[], row: SqlValue[]): Buffer {
  return Buffer.concat([
    u8(0xd1),
    ...columns.map((column, index) => encodedValue(column.kind, row[index] ?? null)),
  ]);
}

function encodedValue(kind: ColumnKind, value: SqlValue): Buffer {
  if (kind === 'text' || kind === 'binary') {
    if (value === null) return u64(PLP_NULL);
    return plp(Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf16le'));
  }
  if (value === null) return u8(0);
  switch (kind) {
    case 'int':
      return Buffer.concat([u8(4), i32(Number(value))]);
    case 'bigint': {
      const bytes = Buffer.alloc(9);
      bytes.writeUInt8(8);
      bytes.writeBigInt64LE(BigInt(value as bigint), 1);
      return bytes;
    }
    case 'float': {
      const bytes = Buffer.alloc(9);
      bytes.writeUInt8(8);
      bytes.writeDoubleLE(Number(value), 1);
      return bytes;
    }
    case 'date':
      return Buffer.concat([u8(3), uint(daysSinceYearOne(String(value)), 3)]);
    case 'time':
      return Buffer.concat([u8(5), uint(timeUnitsOf(String(value)), 5)]);
    case 'datetime2': {
      const { date, time } = timestampParts(String(value));
      return Buffer.concat([u8(8), uint(timeUnitsOf(time), 5), uint(daysSinceYearOne(date), 3)]);
    }
    case 'datetime': {
      // Milliseconds become 1/300 s ticks, DATETIME's own precision.
      const { date, time } = timestampParts(String(value));
      const ticks = Math.round((timeUnitsOf(time, 3) * 3) / 10);
      return Buffer.concat([u8(8), i32(daysSince1900(date)), u32(ticks)]);
    }
  }
}

function plp(bytes: Buffer): Buffer {
  const parts = [u64(BigInt(bytes.length))];
  for (let offset = 0; offset < bytes.length; offset += PLP_CHUNK) {
    const chunk = bytes.subarray(offset, offset + PLP_CHUNK);
    parts.push(u32(chunk.length), chunk);
  }
  parts.push(u32(0));
  return Buffer.concat(parts);
}

function uint(value: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.writeUIntLE(value, 0, length);
  return bytes;
}
