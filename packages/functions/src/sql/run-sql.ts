import type { FunctionDefinitionOf } from '@parley/contracts';
import { resolveCheckedAddresses } from '../network/resolve-host';
import { RunFailure, timeLimitFailure } from '../run-failure';
import type { RunContext, RunnerResult } from '../runner';
import { parseConnectionString, type SqlTarget } from './connection-string';
import { runSqlServer } from './mssql-driver';
import { runMysql } from './mysql-driver';
import { runPostgres } from './postgres-driver';
import type { SqlDriver, SqlResult, SqlRunContext } from './sql-driver';
import { runSqlite } from './sqlite-driver';

const DRIVERS: { [K in SqlTarget['kind']]: SqlDriver<K> } = {
  postgres: runPostgres,
  mysql: runMysql,
  mssql: runSqlServer,
  sqlite: runSqlite,
};

/**
 * Runs one SQL command on a fresh connection, closed afterwards. The output is the rows
 * (at most maxRows), or `{ rowsAffected }` for a command without a result set. The time
 * limit covers connecting and the command; past it the connection is dropped.
 */
export async function runSql(
  definition: FunctionDefinitionOf<'sql'>,
  inputs: Record<string, unknown>,
  context: RunContext,
): Promise<RunnerResult> {
  const target = parseConnectionString(definition.connectionString);
  if (definition.sqlCommand.trim() === '') throw new RunFailure('Please provide an SQL command');
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = timeLimitFailure(context.timeoutMs);
      controller.abort(failure);
      reject(failure);
    }, context.timeoutMs);
  });
  const sqlContext: SqlRunContext = {
    signal: controller.signal,
    timeoutMs: context.timeoutMs,
    maxRows: context.maxRows,
    sqliteDirectory: context.sqliteDirectory,
    owner: context.owner,
    addressOf: async (host) => {
      const [first] = await resolveCheckedAddresses(host, context.policy, context.resolveHost);
      if (!first) throw new RunFailure('The host name could not be resolved', host);
      return first.address;
    },
  };
  const driver = DRIVERS[target.kind] as SqlDriver<typeof target.kind>;
  const work = driver(target as never, definition.sqlCommand, inputs, sqlContext);
  // Past the deadline the driver's own failure is of no interest.
  work.catch(() => {});
  let result: SqlResult;
  try {
    result = await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
  return {
    output: result.rows ?? { rowsAffected: result.rowsAffected },
    ...(result.isTruncated
      ? {
          notice: `The command returned more than ${context.maxRows} rows; the output holds the first ${context.maxRows}.`,
        }
      : {}),
  };
}
