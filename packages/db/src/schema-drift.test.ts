import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectDatabase, migrateToLatest } from './connect';
import type { Database } from './schema';
import { SEARCH_INDEX_TABLES } from './search-tokens';

/**
 * schema.ts is typed by hand beside the migrations, so the two can drift: a column a migration
 * adds that the `Database` interface lacks cannot be queried, and one the interface declares that
 * no migration creates fails only when a query reaches it. This test compares the tables and
 * columns the migrations create on a fresh database with those schema.ts declares.
 */

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

interface Column {
  /** Whether the column may hold null: in schema.ts, whether its read type allows null (`unknown` does). */
  isNullable: boolean;
}
type Tables = Record<string, Record<string, Column>>;

/** The tables and columns of schema.ts's `Database`, read with the TypeScript checker. */
function declaredTables(): Tables {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error(`${SCHEMA_FILE} is not readable`);
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  if (!database) throw new Error('schema.ts declares no Database interface');
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    const columns: Record<string, Column> = {};
    for (const column of checker.getPropertiesOfType(tableType)) {
      columns[column.name] = {
        isNullable: allowsNull(checker, checker.getTypeOfSymbolAtLocation(column, database)),
      };
    }
    tables[table.name] = columns;
  }
  return tables;
}

/** Kysely's `ColumnType<Select, Insert, Update>` is read for its select type. */
function allowsNull(checker: ts.TypeChecker, type: ts.Type): boolean {
  const select = type.getProperty('__select__');
  const read = select ? checker.getTypeOfSymbol(select) : type;
  if (read.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Null)) return true;
  return read.isUnion() && read.types.some((member) => member.flags & ts.TypeFlags.Null);
}

type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, on a database of its own. */
const kinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('schema.ts against the migrations on %s', (kind) => {
  let db: Kysely<Database>;
  const cleanups: Array<() => Promise<void>> = [];
  let declared: Tables;

  beforeAll(async () => {
    declared = declaredTables();
    if (kind === 'sqlite') {
      const handle = connectDatabase({ dataDir: '', sqliteFile: ':memory:' });
      cleanups.push(handle.close);
      db = handle.db;
    } else {
      const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL as string);
      cleanups.push(scratch.drop);
      db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scratch.url, max: 1 }) }),
      });
      cleanups.push(() => db.destroy());
    }
    await migrateToLatest(db);
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function createdTables(): Promise<Tables> {
    const searchIndexes = [
      ...SEARCH_INDEX_TABLES,
      ...(kind === 'sqlite' ? await sqliteVirtualTables(db) : []),
    ];
    // A full-text index (FTS5) and the tables it keeps itself are queried with raw SQL, never through schema.ts.
    const isSearchIndex = (name: string) =>
      searchIndexes.some((index) => name === index || name.startsWith(`${index}_`));
    const tables = (await db.introspection.getTables()).filter((table) => !isSearchIndex(table.name));
    const primaryKeys = kind === 'sqlite' ? await sqlitePrimaryKeys(db) : new Set<string>();
    return Object.fromEntries(
      tables.map((table) => [
        table.name,
        Object.fromEntries(
          table.columns.map((column) => [
            column.name,
            // SQLite lets a non-integer primary key column hold null unless it says NOT NULL; no row ever does.
            { isNullable: column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`) },
          ]),
        ),
      ]),
    );
  }

  test('every table and column of schema.ts is what the migrations create, and nothing else', async () => {
    expect(driftBetween(declared, await createdTables())).toEqual([]);
  });

  test('the comparison notices a column or table on one side only, and a column wrongly never null', async () => {
    const created = await createdTables();
    const { turns, ...otherTables } = declared;
    const { sentiment: _, ...turnsWithoutSentiment } = turns ?? {};
    const { intent } = created.turns ?? {};
    expect(intent?.isNullable).toBe(true);
    const changed: Tables = {
      ...otherTables,
      turns: { ...turnsWithoutSentiment, intent: { isNullable: false }, mood: { isNullable: true } },
      moods: {},
    };
    expect(driftBetween(changed, created).sort()).toEqual([
      'moods: declared in schema.ts, created by no migration',
      'turns.intent: nullable in the database, never null in schema.ts',
      'turns.mood: declared in schema.ts, created by no migration',
      'turns.sentiment: created by a migration, missing in schema.ts',
    ]);
  });
});

/**
 * What differs between schema.ts and the database. A column schema.ts declares nullable that the
 * database keeps NOT NULL is allowed (a looser read type, e.g. `unknown` for JSON); the reverse
 * would type a null as a value.
 */
function driftBetween(declared: Tables, created: Tables): string[] {
  const drift: string[] = [];
  for (const table of Object.keys(created))
    if (!(table in declared)) drift.push(`${table}: created by a migration, missing in schema.ts`);
  for (const [table, columns] of Object.entries(declared)) {
    const createdColumns = created[table];
    if (!createdColumns) {
      drift.push(`${table}: declared in schema.ts, created by no migration`);
      continue;
    }
    for (const [column, { isNullable }] of Object.entries(createdColumns)) {
      const declaredColumn = columns[column];
      if (!declaredColumn) drift.push(`${table}.${column}: created by a migration, missing in schema.ts`);
      else if (isNullable && !declaredColumn.isNullable)
        drift.push(`${table}.${column}: nullable in the database, never null in schema.ts`);
    }
    for (const column of Object.keys(columns))
      if (!(column in createdColumns))
        drift.push(`${table}.${column}: declared in schema.ts, created by no migration`);
  }
  return drift;
}

async function sqliteVirtualTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(db);
  return rows.map((row) => row.name);
}

async function sqlitePrimaryKeys(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ table_name: string; name: string }>`
    select m.name as table_name, p.name as name
    from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and p.pk > 0`.execute(db);
  return new Set(rows.map((row) => `${row.table_name}.${row.name}`));
}

/** A throwaway PostgreSQL database beside the one TEST_DATABASE_URL names; dropped afterwards. */
async function createScratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `parley_schema_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
