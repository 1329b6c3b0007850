import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from './test-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The newest change under a folder (ms). */
const newestIn = (folder: string): number =>
  Math.max(
    ...readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
  );

/**
 * What `npm run parley` runs (the built CLI) when the build is newer than every source file of
 * the server and its packages, as after `npm test`; otherwise tsx on the source. The built one
 * starts in a fraction of the time.
 */
function cliCommand(): [string, string[]] {
  const built = path.join(repoRoot, 'apps/server/dist/cli.js');
  try {
    const sources = ['apps/server/src', 'packages'].map((folder) => newestIn(path.join(repoRoot, folder)));
    if (statSync(built).mtimeMs > Math.max(...sources)) return [process.execPath, [built]];
  } catch {
    // No build yet.
  }
  return [path.join(repoRoot, 'node_modules/.bin/tsx'), ['apps/server/src/cli.ts']];
}

const [cliProgram, cliArgs] = cliCommand();

/** Runs the operators' command line as an operator would, against a test server's database, with `input` on standard input. */
export function runCli(
  server: TestServer,
  args: string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return new Promise<CliRun>((resolve) => {
    const child = execFile(
      cliProgram,
      [...cliArgs, ...args],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATA_DIR: server.ctx.config.dataDir,
          DATABASE_URL: server.ctx.config.databaseUrl ?? '',
          REDIS_URL: '',
          PUBLIC_URL: 'http://parley.test',
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // Standard input: the lines given, then its end (a command reading it stops there).
    child.stdin?.end(input ?? '');
  });
}
