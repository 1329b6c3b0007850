import { RunFailure } from '../run-failure';
import type { SqlTarget } from './connection-string';

export interface SqlResult {
  /** Null when the command returns no result set (an INSERT without RETURNING, DDL). */
  rows: Record<string, unknown>[] | null;
  rowsAffected: number;
  /** More rows came than maxRows; only the first maxRows are kept. */
  isTruncated: boolean;
}

export interface SqlRunContext {
  /** Aborted when the time limit passes: the driver drops its connection at once. */
  signal: AbortSignal;
  timeoutMs: number;
  maxRows: number;
  /** The checked address to connect to instead of the host name (SSRF guard). */
  addressOf: (host: string) => Promise<string>;
  sqliteDirectory: string | undefined;
  /** Whose run this is, for the fair sharing of process slots. */
  owner: string;
}

export type SqlDriver<K extends SqlTarget['kind']> = (
  target: Extract<SqlTarget, { kind: K }>,
  sql: string,
  inputs: Readonly<Record<string, unknown>>,
  context: SqlRunContext,
) => Promise<SqlResult>;

export const connectFailure = (error: unknown) =>
  new RunFailure('Could not connect to the database', messageOf(error));

export const commandFailure = (error: unknown) => new RunFailure('The SQL command failed', messageOf(error));

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return error.errors.map(messageOf).join('; ');
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  return [code, message].filter(Boolean).join(': ') || String(error);
}
