import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Migrations that landed are never edited (a database that ran one never runs it again), so each
 * one's content is recorded by hash in `migrations/migration-hashes.json` and a unit test holds
 * the files to it. `npm run db:hash-migrations` records new migrations and never changes a
 * recorded hash.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
export const MIGRATION_HASHES_FILE = path.join(MIGRATIONS_DIR, 'migration-hashes.json');
export const HASH_COMMAND = 'npm run db:hash-migrations';

export interface MigrationFile {
  name: string;
  content: string;
}

/** `YYYYMMDDHHmm-what-it-does.ts`: the migrations; `index.ts` and this list are not. */
export const isMigrationFileName = (name: string): boolean => /^\d{12}-[^/]+\.ts$/.test(name);

/** The content's SHA-256, line endings normalised so a checkout with CRLF hashes alike. */
export const hashMigration = (content: string): string =>
  createHash('sha256').update(content.replace(/\r\n/g, '\n')).digest('hex');

export function readMigrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter(isMigrationFileName)
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(dir, name), 'utf8') }));
}

export function readRecordedHashes(file = MIGRATION_HASHES_FILE): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** What is wrong between the migration files and the recorded hashes; empty when nothing is. */
export function migrationHashProblems(files: MigrationFile[], recorded: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const { name, content } of files) {
    const hash = recorded[name];
    if (hash === undefined)
      problems.push(
        `${name} is a new migration without a recorded hash: run \`${HASH_COMMAND}\` and commit migration-hashes.json with it.`,
      );
    else if (hash !== hashMigration(content))
      problems.push(
        `${name} was edited after it landed: migrations are never edited once landed; add a new one (and undo this edit).`,
      );
  }
  const names = new Set(files.map((file) => file.name));
  for (const name of Object.keys(recorded))
    if (!names.has(name))
      problems.push(
        `${name} was recorded but is gone: migrations are never removed or renamed once landed; add a new one.`,
      );
  return problems;
}

/** Adds the hashes of migrations not yet recorded; answers their names. Recorded hashes stay as they are. */
export function recordNewMigrationHashes(
  dir = MIGRATIONS_DIR,
  file = path.join(dir, 'migration-hashes.json'),
): string[] {
  const recorded = readRecordedHashes(file);
  const added = readMigrationFiles(dir).filter(({ name }) => recorded[name] === undefined);
  if (added.length === 0) return [];
  for (const { name, content } of added) recorded[name] = hashMigration(content);
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  return added.map(({ name }) => name);
}
