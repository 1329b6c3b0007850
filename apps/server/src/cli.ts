import { AppError } from '@parley/contracts';
import { CommanderError } from 'commander';
import { CliError } from './cli/cli-error';
import { buildProgram } from './cli/program';

/** `npm run parley -- <command>` (built) or `npx tsx apps/server/src/cli.ts <command>` (development). */
async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return 0;
  } catch (error) {
    // Commander has already printed its own message (unknown command, missing option, ...).
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof CliError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof AppError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`Unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`);
    return 1;
  }
}

main(process.argv).then((code) => {
  process.exitCode = code;
});
