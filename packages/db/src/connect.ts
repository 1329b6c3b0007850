import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** `postgres://...` for PostgreSQL; anything else (or nothing) means the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** Folder of the SQLite file `parley.sqlite`. */
  dataDir: string;
  /** For tests: a SQLite file of its own, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
  /** Errors of idle PostgreSQL connections (a restart, a terminated backend); logged, never fatal. */
  onPoolError?: (error: Error) => void;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client whose server connection ends emits 'error'; unhandled, it would end the process.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'parley.sqlite');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Applies every pending migration; throws with the failing migration's name. PostgreSQL
 * serialises concurrent migrators with a lock; SQLite (the server and the operators' CLI
 * starting together on one file) does not, so a run that lost the race is tried again and
 * then finds the winner's migrations applied.
 */
export async function migrateToLatest(db: Kysely<Database>, attempts = 5): Promise<void> {
  // Parallel work lands migrations out of name order now and then; each is applied once all the same.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    allowUnorderedMigrations: true,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt >= attempts) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
      throw new Error(
        `Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 50));
  }
}
