import { type Kysely, PostgresAdapter } from 'kysely';

/** Dialect quirks in one place: booleans, timestamps, JSON, constraint errors and row locks. */

/** Whether a Kysely instance (or transaction) talks to PostgreSQL. */
export const isPostgres = (db: Kysely<never>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

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
