import { isIP } from 'node:net';
import mysql from 'mysql2';
import { commandFailure, connectFailure, type SqlDriver, type SqlResult } from './sql-driver';
import { parameterise, QUESTION_MARK_STYLE } from './sql-parameters';

/**
 * MySQL and MariaDB. With inputs the command is a server-side prepared statement
 * (execute); without, a plain query. Rows are read as they arrive and the connection is
 * dropped once more than maxRows came.
 */
export const runMysql: SqlDriver<'mysql'> = async (target, sql, inputs, context) => {
  const address = await context.addressOf(target.host);
  const connection = mysql.createConnection({
    host: address,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database || undefined,
    connectTimeout: context.timeoutMs,
    multipleStatements: false,
    supportBigNumbers: true,
    // Numbers beyond 2^53 come as text, so they stay exact.
    bigNumberStrings: false,
    dateStrings: true,
    ...(target.tls === 'off'
      ? {}
      : {
          ssl: {
            rejectUnauthorized: target.tls === 'verify',
            ...(isIP(target.host) ? {} : { servername: target.host }),
          },
        }),
  });
  connection.on('error', () => {});
  const drop = () => connection.destroy();
  context.signal.addEventListener('abort', drop, { once: true });
  try {
    await new Promise<void>((resolve, reject) =>
      connection.connect((error) => (error ? reject(error) : resolve())),
    ).catch((error) => {
      throw connectFailure(error);
    });
    await limitStatementTime(connection, context.timeoutMs);
    const statement = parameterise(sql, inputs, QUESTION_MARK_STYLE);
    return await readRows(connection, statement.text, statement.values, context).catch((error) => {
      throw commandFailure(error);
    });
  } finally {
    context.signal.removeEventListener('abort', drop);
    drop();
  }
};

/** Ends a slow statement on the server too (MariaDB, then MySQL's SELECT-only variable). */
async function limitStatementTime(connection: mysql.Connection, timeoutMs: number) {
  const attempts = [
    `SET SESSION max_statement_time = ${timeoutMs / 1000}`,
    `SET SESSION max_execution_time = ${Math.ceil(timeoutMs)}`,
  ];
  for (const statement of attempts) {
    const isSet = await new Promise<boolean>((resolve) =>
      connection.query(statement, (error) => resolve(!error)),
    );
    if (isSet) return;
  }
}

function readRows(
  connection: mysql.Connection,
  text: string,
  values: unknown[],
  context: { maxRows: number; timeoutMs: number },
): Promise<SqlResult> {
  return new Promise<SqlResult>((resolve, reject) => {
    const rows: Record<string, unknown>[] = [];
    let hasResultSet = false;
    let rowsAffected = 0;
    const options = { sql: text, timeout: context.timeoutMs };
    const query = values.length > 0 ? connection.execute({ ...options, values }) : connection.query(options);
    query.on('fields', (fields: unknown) => {
      if (Array.isArray(fields) && fields.length > 0) hasResultSet = true;
    });
    query.on('result', (row: unknown) => {
      if (!hasResultSet) {
        rowsAffected += (row as { affectedRows?: number }).affectedRows ?? 0;
        return;
      }
      if (rows.length === context.maxRows) {
        connection.destroy();
        resolve({ rows, rowsAffected: rows.length, isTruncated: true });
        return;
      }
      rows.push(row as Record<string, unknown>);
    });
    query.on('error', reject);
    query.on('end', () =>
      resolve({
        rows: hasResultSet ? rows : null,
        rowsAffected: hasResultSet ? rows.length : rowsAffected,
        isTruncated: false,
      }),
    );
  });
}
