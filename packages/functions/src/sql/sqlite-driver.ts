import { realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { runChildJob } from '../child-job';
import { RunFailure } from '../run-failure';
import type { SqlDriver, SqlResult } from './sql-driver';
import { parameterise, QUESTION_MARK_STYLE } from './sql-parameters';
import { SQLITE_PROCESS_SOURCE } from './sqlite-process';

const HEAP_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Commands SQLite functions may run. ATTACH and VACUUM INTO would reach files outside the
 * allowed folder, PRAGMA changes the database's settings; only one statement is accepted.
 */
const ALLOWED_FIRST_WORDS = new Set([
  'select',
  'with',
  'values',
  'insert',
  'update',
  'delete',
  'replace',
  'create',
  'drop',
  'alter',
]);

/**
 * SQLite files inside the operator's folder (sqliteDirectory), and `:memory:`. The file is
 * opened read-only unless the command writes, and never created.
 */
export const runSqlite: SqlDriver<'sqlite'> = async (target, sql, inputs, context) => {
  const file = await allowedFile(target.path, context.sqliteDirectory);
  const firstWord =
    /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? '';
  if (!ALLOWED_FIRST_WORDS.has(firstWord)) {
    throw new RunFailure(
      `SQLite functions cannot run ${firstWord ? firstWord.toUpperCase() : 'this'} commands`,
      `Allowed: ${[...ALLOWED_FIRST_WORDS].map((word) => word.toUpperCase()).join(', ')}.`,
    );
  }
  const statement = parameterise(sql, inputs, QUESTION_MARK_STYLE);
  return runInChildProcess(
    {
      modulePath: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      sql: statement.text,
      values: statement.values,
      maxRows: context.maxRows,
      heapLimitBytes: HEAP_LIMIT_BYTES,
    },
    context.signal,
    context.owner,
  );
};

async function allowedFile(file: string, directory: string | undefined): Promise<string> {
  if (file === ':memory:') return file;
  if (!directory) {
    throw new RunFailure(
      'SQLite files are not enabled on this server',
      'A SQLite path is a file on the server itself; an operator can name one folder that SQLite functions may open.',
    );
  }
  const root = await realpath(directory);
  const isInside = (candidate: string) => candidate === root || candidate.startsWith(root + path.sep);
  const outside = () =>
    new RunFailure('The SQLite file is outside the folder SQLite functions may use', file);
  // Judged by the path alone first: outside the folder, whether a file exists there is not ours to tell.
  const requested = path.resolve(root, file);
  if (!isInside(requested)) throw outside();
  let real: string;
  try {
    real = await realpath(requested);
  } catch {
    throw new RunFailure('The SQLite file does not exist', file);
  }
  // A link inside the folder that leads out of it.
  if (!isInside(real)) throw outside();
  if (!(await stat(real)).isFile()) throw new RunFailure('The SQLite path is not a file', file);
  return real;
}

interface ChildReply {
  ok: boolean;
  phase?: 'open' | 'command';
  message?: string;
  code?: string;
  rows?: Record<string, unknown>[] | null;
  rowsAffected?: number;
  isTruncated?: boolean;
}

async function runInChildProcess(
  job: Record<string, unknown>,
  signal: AbortSignal,
  owner: string,
): Promise<SqlResult> {
  const { reply, stderr } = await runChildJob<ChildReply>(SQLITE_PROCESS_SOURCE, job, {
    signal,
    maxOldSpaceMb: 128,
    owner,
  });
  if (!reply) throw new RunFailure('The SQL command failed', stderr || 'The SQLite process ended early.');
  if (!reply.ok) {
    const details = [reply.code, reply.message].filter(Boolean).join(': ');
    throw new RunFailure(
      reply.phase === 'open' ? 'Could not open the SQLite file' : 'The SQL command failed',
      details,
    );
  }
  return {
    rows: reply.rows ?? null,
    rowsAffected: reply.rowsAffected ?? 0,
    isTruncated: !!reply.isTruncated,
  };
}
