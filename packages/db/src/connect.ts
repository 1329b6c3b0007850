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
  /** Loadable SQLite extensions (paths) for the connection: the server's sqlite-vec. */
  sqliteExtensions?: readonly string[];
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'parley.sqlite');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  for (const extension of options.sqliteExtensions ?? []) sqlite.loadExtension(extension);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Prepared SQLite statements kept by their SQL: the same query is parsed once, not on every call. */
const KEPT_SQLITE_STATEMENTS = 1000;

/**
 * The SQLite database as Kysely sees it, with each SQL text prepared once (the least recently used
 * leave first). Kysely runs one statement at a time on its one connection, so a kept statement is
 * never run twice at once.
 */
function reusingStatements(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= KEPT_SQLITE_STATEMENTS)
          statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * A statement whose SQL starts with `/*prepared:NAME*\/` (the hot queries of `hot-queries.ts`) runs
 * as a named prepared statement on PostgreSQL: each connection parses and plans it once.
 */
const PREPARED_MARK = /^\/\*prepared:([a-z0-9_-]{1,60})\*\//;

/** The pool as Kysely sees it, its clients running marked statements as named prepared ones. */
function preparingPool(pool: pg.Pool) {
  const preparing = (client: pg.PoolClient) =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return (text: unknown, values?: unknown[]) => {
          const name = typeof text === 'string' ? PREPARED_MARK.exec(text)?.[1] : undefined;
          return name
            ? target.query({ name, text: text as string, values })
            : target.query(text as string, values);
        };
      },
    });
  return {
    connect: async () => preparing(await pool.connect()),
    end: () => pool.end(),
  };
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
