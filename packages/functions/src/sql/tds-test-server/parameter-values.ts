import { dateFrom1900, dateFromYearOne, timeTextOf } from './dates';
import type { Cursor } from './wire';

/** What SQLite can bind. Dates and times arrive as text, bits as 0 or 1. */
export type SqlValue = string | number | bigint | Buffer | null;

/** A parameter of a type this server does not read; the request fails like a bad RPC would. */
export class UnsupportedTypeError extends Error {}

const PLP_NULL = 0xffff_ffff_ffff_ffffn;
const MAX_LENGTH = 0xffff;

/**
 * Reads TYPE_INFO and the value of one RPC parameter. Covers what
 * tedious sends for JavaScript values and the common explicit types: integers, bit, float,
 * (n)(var)char and (var)binary including MAX (PLP), datetime, smalldatetime, date, time and
 * datetime2. VARCHAR is read as Latin-1, close to the server's code page 1252.
 */
export function readParameterValue(cursor: Cursor): SqlValue {
  const type = cursor.u8();
  switch (type) {
    case 0x1f: // NULLTYPE
      return null;
    case 0x30: // TINYINT
    case 0x32: // BIT
      return cursor.u8();
    case 0x34: // SMALLINT
      return cursor.bytes(2).readInt16LE(0);
    case 0x38: // INT
      return cursor.bytes(4).readInt32LE(0);
    case 0x7f: // BIGINT
      return cursor.bytes(8).readBigInt64LE(0);
    case 0x3b: // REAL
      return cursor.bytes(4).readFloatLE(0);
    case 0x3e: // FLOAT
      return cursor.bytes(8).readDoubleLE(0);
    case 0x3a: // SMALLDATETIME
    case 0x3d: // DATETIME
      return dateTimeText(cursor.bytes(type === 0x3a ? 4 : 8));
    case 0x26: // INTN
    case 0x68: // BITN
    case 0x6d: // FLTN
    case 0x6f: {
      // DATETIMN
      cursor.u8(); // the type's length; the value carries its own
      const length = cursor.u8();
      return length === 0 ? null : sizedValue(type, cursor.bytes(length));
    }
    case 0x28: {
      // DATEN
      const length = cursor.u8();
      return length === 0 ? null : dateFromYearOne(cursor.uintOf(3));
    }
    case 0x29: // TIMEN
    case 0x2a: {
      // DATETIME2N
      const scale = cursor.u8();
      const length = cursor.u8();
      if (length === 0) return null;
      const timeLength = type === 0x29 ? length : length - 3;
      const time = timeTextOf(cursor.uintOf(timeLength), scale);
      return type === 0x29 ? time : `${dateFromYearOne(cursor.uintOf(3))} ${time}`;
    }
    case 0xe7: // NVARCHAR
    case 0xef: // NCHAR
    case 0xa7: // VARCHAR
    case 0xaf: // CHAR
    case 0xa5: // VARBINARY
    case 0xad: {
      // BINARY
      const maxLength = cursor.u16();
      const isText = type !== 0xa5 && type !== 0xad;
      if (isText) cursor.bytes(5); // collation
      const bytes = maxLength === MAX_LENGTH ? readPlp(cursor) : readShortSized(cursor);
      if (bytes === null) return null;
      if (type === 0xe7 || type === 0xef) return bytes.toString('utf16le');
      return isText ? bytes.toString('latin1') : Buffer.from(bytes);
    }
    default:
      throw new UnsupportedTypeError(
        `The test TDS server does not read parameters of type 0x${type.toString(16)}`,
      );
  }
}

function sizedValue(type: number, bytes: Buffer): SqlValue {
  if (type === 0x6f) return dateTimeText(bytes);
  if (type === 0x6d) return bytes.length === 4 ? bytes.readFloatLE(0) : bytes.readDoubleLE(0);
  if (bytes.length === 8) return bytes.readBigInt64LE(0);
  // TINYINT, the one-byte INTN, is unsigned.
  return bytes.length === 1 ? bytes.readUInt8(0) : bytes.readIntLE(0, bytes.length);
}

/** DATETIME: days since 1900 and 1/300 s ticks; SMALLDATETIME: days and minutes. */
function dateTimeText(bytes: Buffer): string {
  if (bytes.length === 4) {
    const minutes = bytes.readUInt16LE(2);
    return `${dateFrom1900(bytes.readUInt16LE(0))} ${timeTextOf(minutes * 60, 0)}`;
  }
  const milliseconds = Math.round((bytes.readUInt32LE(4) * 10) / 3);
  return `${dateFrom1900(bytes.readInt32LE(0))} ${timeTextOf(milliseconds, 3)}`;
}

function readShortSized(cursor: Cursor): Buffer | null {
  const length = cursor.u16();
  return length === MAX_LENGTH ? null : cursor.bytes(length);
}

/** Partially length-prefixed bytes: a total (or 'unknown'), then chunks up to an empty one. */
function readPlp(cursor: Cursor): Buffer | null {
  if (cursor.bytes(8).readBigUInt64LE(0) === PLP_NULL) return null;
  const chunks: Buffer[] = [];
  for (let length = cursor.u32(); length > 0; length = cursor.u32()) chunks.push(cursor.bytes(length));
  return Buffer.concat(chunks);
}
