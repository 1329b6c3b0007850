import { isIP } from 'node:net';
import type { RecordsetColumns, Request, SqlServerTypes } from 'mssql';
import { sqlServerConnector } from './mssql-connector';
import { valueConverters } from './mssql-values';
import { commandFailure, connectFailure, type SqlDriver, type SqlResult } from './sql-driver';
import { parameterise, SQL_SERVER_STYLE } from './sql-parameters';

/**
 * SQL Server through mssql (tedious). Inputs are named parameters @p1, @p2, ...; rows are
 * streamed and the request cancelled (a TDS ATTENTION) once more than maxRows came. No SQL
 * Server runs on our machines: the tests run this driver against tds-test-server.ts, a TDS
 * 7.4 server over SQLite, so login, parameters, result types, cancelling and failures go
 * through the real protocol while the SQL itself is SQLite's.
 */
export const runSqlServer: SqlDriver<'mssql'> = async (target, sql, inputs, context) => {
  const address = await context.addressOf(target.host);
  // mssql (with tedious, about 0.1 s to load) is read when a function first needs it.
  const mssql = (await import('mssql')).default;
  /** The network guard's refusal of a host the server redirects to, reported as itself. */
  let guardFailure: unknown;
  const pool = new mssql.ConnectionPool({
    server: address,
    ...(target.instanceName ? {} : { port: target.port }),
    user: target.user,
    password: target.password,
    database: target.database || undefined,
    connectionTimeout: context.timeoutMs,
    requestTimeout: context.timeoutMs,
    pool: { max: 1, min: 0 },
    options: {
      encrypt: target.tls !== 'off',
      trustServerCertificate: target.tls !== 'verify',
      ...(target.instanceName ? { instanceName: target.instanceName } : {}),
      // The certificate names the host, not the address we connect to.
      ...(isIP(target.host) ? {} : { serverName: target.host }),
      appName: 'parley-function',
      connector: sqlServerConnector({
        tls: target.tls,
        checkedAddress: address,
        addressOf: (host) =>
          context.addressOf(host).catch((error: unknown) => {
            guardFailure = error;
            throw error;
          }),
      }),
    },
  });
  pool.on('error', () => {});
  const close = () => void pool.close().catch(() => {});
  context.signal.addEventListener('abort', close, { once: true });
  try {
    await pool.connect().catch((error) => {
      throw guardFailure ?? connectFailure(error);
    });
    const statement = parameterise(sql, inputs, SQL_SERVER_STYLE);
    const request = pool.request();
    statement.values.forEach((value, index) => {
      request.input(`p${index + 1}`, typeof value === 'boolean' ? Number(value) : value);
    });
    return await readRows(request, statement.text, context.maxRows, mssql.TYPES).catch((error) => {
      throw commandFailure(error);
    });
  } finally {
    context.signal.removeEventListener('abort', close);
    close();
  }
};

function readRows(
  request: Request,
  text: string,
  maxRows: number,
  types: SqlServerTypes,
): Promise<SqlResult> {
  return new Promise<SqlResult>((resolve, reject) => {
    const rows: Record<string, unknown>[] = [];
    let converters = new Map<string, (value: unknown) => unknown>();
    let hasResultSet = false;
    let rowsAffected = 0;
    let isTruncated = false;
    request.stream = true;
    request.on('recordset', (columns: RecordsetColumns) => {
      hasResultSet = true;
      converters = valueConverters(columns, types);
    });
    request.on('rowsaffected', (count: number) => {
      rowsAffected += count;
    });
    request.on('row', (row: Record<string, unknown>) => {
      if (rows.length === maxRows) {
        if (!isTruncated) request.cancel();
        isTruncated = true;
        return;
      }
      for (const [name, convert] of converters) row[name] = convert(row[name]);
      rows.push(row);
    });
    request.on('error', (error: Error & { code?: string }) => {
      if (isTruncated && error.code === 'ECANCEL') return;
      reject(error);
    });
    request.on('done', () =>
      resolve({
        rows: hasResultSet ? rows : null,
        rowsAffected: hasResultSet ? rows.length : rowsAffected,
        isTruncated,
      }),
    );
    request.query(text);
  });
}
