import { Command } from 'commander';
import { chatCommand } from './commands/chat';
import { inviteCommand } from './commands/invite';
import { outboxCommand } from './commands/outbox';
import { tenantCommand } from './commands/tenant';
import { userCommand } from './commands/user';

/** The operators' command line: `npm run parley -- <command>`. */
export function buildProgram(): Command {
  const program = new Command('parley')
    .description(
      'Operate a Parley installation. Uses the same environment as the server (DATA_DIR, DATABASE_URL, PUBLIC_URL, ...).',
    )
    .showHelpAfterError('(run with --help to see the commands)')
    // Errors are thrown back to cli.ts, which closes cleanly and sets the exit code.
    .exitOverride();
  inviteCommand(program);
  tenantCommand(program);
  userCommand(program);
  outboxCommand(program);
  chatCommand(program);
  return program;
}
