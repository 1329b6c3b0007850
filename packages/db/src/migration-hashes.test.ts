import { describe, expect, test } from 'vitest';
import {
  hashMigration,
  migrationHashProblems,
  readMigrationFiles,
  readRecordedHashes,
} from './migration-hashes';
import { MIGRATIONS } from './migrations/index';

describe('landed migrations', () => {
  const files = readMigrationFiles();

  test('each migration file is recorded in migration-hashes.json and unchanged since', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(migrationHashProblems(files, readRecordedHashes())).toEqual([]);
  });

  test('each migration file is in the ordered list MIGRATIONS, and each listed one is a file', () => {
    const inList = Object.keys(MIGRATIONS).sort();
    expect(inList, 'migrations/index.ts (MIGRATIONS) and the migration files differ').toEqual(
      files.map(({ name }) => name.replace(/\.ts$/, '')),
    );
  });

  test('an edited, a new and a removed migration are each told what to do', () => {
    const recorded = { 'a.ts': hashMigration('up 1'), 'b.ts': hashMigration('up 2'), 'gone.ts': 'x' };
    expect(
      migrationHashProblems(
        [
          { name: 'a.ts', content: 'up 1' },
          { name: 'b.ts', content: 'up 2, edited' },
          { name: 'c.ts', content: 'up 3' },
        ],
        recorded,
      ),
    ).toEqual([
      'b.ts was edited after it landed: migrations are never edited once landed; add a new one (and undo this edit).',
      'c.ts is a new migration without a recorded hash: run `npm run db:hash-migrations` and commit migration-hashes.json with it.',
      'gone.ts was recorded but is gone: migrations are never removed or renamed once landed; add a new one.',
    ]);
  });

  test('line endings do not change a hash', () => {
    expect(hashMigration('a\r\nb\r\n')).toBe(hashMigration('a\nb\n'));
  });
});
