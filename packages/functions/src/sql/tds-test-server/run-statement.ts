import type Database from 'better-sqlite3';
import type { SqlValue } from './parameter-values';
import { RequestRefusal, type SqlRequest } from './requests';
import { columnKind, type ResultColumn } from './result-columns';
import { COMMAND } from './tokens';

export type Outcome =
  | { kind: 'rows'; columns: ResultColumn[]; rows: SqlValue[][] }
  /** count is undefined for commands that change no rows (DDL), as SQL Server leaves it out. */
  | { kind: 'changes'; command: number; count: number | undefined }
  | { kind: 'wait'; milliseconds: number }
  | { kind: 'nothing' };

const WAITFOR_DELAY = /^\s*waitfor\s+delay\s+'(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?'\s*;?\s*$/i;
const SET_OPTION = /^set\s+\w+/i;
const WRITES: Record<string, number> = {
  insert: COMMAND.INSERT,
  replace: COMMAND.INSERT,
  update: COMMAND.UPDATE,
  delete: COMMAND.DELETE,
};

/**
 * Runs one request on SQLite. Two T-SQL forms are the server's own: `WAITFOR DELAY 'hh:mm:ss'`
 * (a slow command that an ATTENTION can stop) and batches of SET options (tedious's session
 * setup), which are accepted and ignored. Everything else is SQLite's SQL, one statement, with
 * `@name` parameters bound by name.
 */
export function runStatement(db: Database.Database, { sql, parameters }: SqlRequest): Outcome {
  const wait = WAITFOR_DELAY.exec(sql);
  if (wait) {
    const [, hours, minutes, seconds, milliseconds = '0'] = wait;
    return {
      kind: 'wait',
      milliseconds:
        ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(milliseconds),
    };
  }
  const lines = sql
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 0 && lines.every((line) => SET_OPTION.test(line))) return { kind: 'nothing' };
  try {
    const statement = db.prepare(sql).safeIntegers(true);
    if (statement.reader) {
      const rows = statement.raw(true).all(parameters) as SqlValue[][];
      const columns = statement.columns().map(({ name, type }, index) => ({
        name,
        kind: columnKind(
          type,
          rows.map((row) => row[index] ?? null),
        ),
      }));
      return { kind: 'rows', columns, rows };
    }
    const { changes } = statement.run(parameters);
    const firstWord = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
    const command = WRITES[firstWord];
    return command === undefined
      ? { kind: 'changes', command: COMMAND.NONE, count: undefined }
      : { kind: 'changes', command, count: changes };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw new RequestRefusal(sqlServerNumberOf(error), error.message);
  }
}

/** The number SQL Server gives the same kind of failure, so the client sees a familiar one. */
function sqlServerNumberOf(error: Error & { code?: string }): number {
  if (/^SQLITE_CONSTRAINT_(PRIMARYKEY|UNIQUE)$/.test(error.code ?? '')) return 2627;
  if (error.code?.startsWith('SQLITE_CONSTRAINT')) return 547;
  if (/syntax error|incomplete input/.test(error.message)) return 102;
  if (/no such table/.test(error.message)) return 208;
  if (/no such column/.test(error.message)) return 207;
  return 50000;
}
