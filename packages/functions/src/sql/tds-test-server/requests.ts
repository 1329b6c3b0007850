import { readParameterValue, type SqlValue } from './parameter-values';
import { Cursor } from './wire';

/** One command to run: its text and its named parameters (without the @). */
export interface SqlRequest {
  sql: string;
  parameters: Record<string, SqlValue>;
}

/** A request the server refuses with an error of this number, like SQL Server would. */
export class RequestRefusal extends Error {
  constructor(
    readonly number: number,
    message: string,
  ) {
    super(message);
  }
}

const SP_EXECUTESQL = 10;

/** SQL_BATCH: ALL_HEADERS, then the text in UTF-16. */
export function readSqlBatch(payload: Buffer): SqlRequest {
  return { sql: payload.subarray(allHeadersLength(payload)).toString('utf16le'), parameters: {} };
}

/**
 * RPC of sp_executesql only, which is how tedious sends every query: the
 * statement, the declarations (not needed: SQLite binds by name), then the parameters.
 */
export function readRpc(payload: Buffer): SqlRequest {
  const cursor = new Cursor(payload, allHeadersLength(payload));
  const nameLength = cursor.u16();
  const procedure = nameLength === 0xffff ? cursor.u16() : cursor.bytes(nameLength * 2).toString('utf16le');
  if (procedure !== SP_EXECUTESQL && String(procedure).toLowerCase() !== 'sp_executesql') {
    throw new RequestRefusal(2812, `Could not find stored procedure '${procedure}'.`);
  }
  cursor.u16(); // option flags
  const values: Array<{ name: string; value: SqlValue }> = [];
  while (!cursor.isAtEnd) {
    const name = cursor.bVarChar();
    cursor.u8(); // status flags: output parameters are not supported and read as inputs
    values.push({ name, value: readParameterValue(cursor) });
  }
  const [statement, declarations, ...rest] = values;
  if (typeof statement?.value !== 'string') {
    throw new RequestRefusal(214, "Procedure expects parameter '@statement' of type 'ntext/nchar/nvarchar'.");
  }
  const inputs = declarations?.name.toLowerCase() === '@params' ? rest : values.slice(1);
  return {
    sql: statement.value,
    parameters: Object.fromEntries(inputs.map(({ name, value }) => [name.replace(/^@/, ''), value])),
  };
}

/** ALL_HEADERS starts with its own total length. */
const allHeadersLength = (payload: Buffer) => (payload.length >= 4 ? payload.readUInt32LE(0) : 0);
