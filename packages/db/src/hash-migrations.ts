import {
  migrationHashProblems,
  readMigrationFiles,
  readRecordedHashes,
  recordNewMigrationHashes,
} from './migration-hashes';

/** `npm run db:hash-migrations`: records the hash of each new migration; reports edited ones. */
const added = recordNewMigrationHashes();
for (const name of added) console.info(`recorded ${name}`);
if (added.length === 0) console.info('every migration is recorded already');
const problems = migrationHashProblems(readMigrationFiles(), readRecordedHashes());
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exitCode = 1;
