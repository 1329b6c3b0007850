import { type Kysely, PostgresAdapter } from 'kysely';

/** Dialect quirks in one place: booleans, timestamps, JSON, constraint errors and row locks. */

/** Any Kysely handle or transaction, whatever its table types. */
type AnyDb = Pick<Kysely<never>, 'getExecutor'>;

/** Whether a Kysely instance (or transaction) talks to PostgreSQL. */
export const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined): boolean =>
  value === 1 || value === true;

export const nowIso = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** True for a unique/primary-key violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return (
    e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * Column types of tables made since issue 9: real timestamps and JSON on PostgreSQL, ISO text
 * and JSON text on SQLite (which has neither). Older tables keep text on both.
 */
export function columnTypes(db: AnyDb) {
  return isPostgres(db)
    ? ({ timestamp: 'timestamptz', json: 'jsonb', flag: 'boolean', real: 'double precision' } as const)
    : ({ timestamp: 'text', json: 'text', flag: 'integer', real: 'real' } as const);
}

/** A timestamp column's value as ISO text: PostgreSQL answers a Date, SQLite the text it keeps. */
export function fromTimestamp(value: Date | string): string;
export function fromTimestamp(value: Date | string | null): string | null;
export function fromTimestamp(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** A JSON column's value: PostgreSQL answers it parsed, SQLite as text. */
export function fromJsonColumn<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? fromJson(value, fallback) : (value as T);
}

/** A flag column's value: a boolean on PostgreSQL, 0 or 1 on SQLite; written as the dialect wants. */
export const flagFor = (db: AnyDb, value: boolean): boolean | number =>
  isPostgres(db) ? value : toFlag(value);
