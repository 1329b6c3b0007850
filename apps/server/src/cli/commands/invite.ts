import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { createInvitationCode, signupLink } from '../../services/accounts/bootstrap.service';
import { print, withOperatorContext } from '../operator-context';

const MAX_DAYS = 365;

function days(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_DAYS) {
    throw new InvalidArgumentError(`Give a whole number of days from 1 to ${MAX_DAYS}.`);
  }
  return n;
}

/** `parley invite`: a one-time sign-up link. */
export function inviteCommand(program: Command): void {
  program
    .command('invite')
    .description(
      'make a one-time sign-up link for a new organisation (or an administrator of the master tenant)',
    )
    .option('--master-admin', 'the person signing up becomes an administrator of the master tenant')
    .option('--no-confirm', 'the new account needs no e-mail confirmation')
    .option('--expires-days <days>', `days the link stays valid (1-${MAX_DAYS})`, days, 7)
    .action(async (options: { masterAdmin?: boolean; confirm: boolean; expiresDays: number }) => {
      await withOperatorContext(async (ctx) => {
        const expiresAt = new Date(Date.now() + options.expiresDays * 24 * 3600_000);
        const code = await createInvitationCode(
          ctx.repos,
          options.masterAdmin ? 'master-admin' : 'new-tenant',
          {
            requiresConfirmation: options.confirm,
            expiresAt: expiresAt.toISOString(),
          },
        );
        const who = options.masterAdmin ? 'an administrator of the master tenant' : 'a new organisation';
        const confirmation = options.confirm
          ? 'the e-mail address must be confirmed'
          : 'no e-mail confirmation';
        print(`Sign-up link for ${who} (works once, until ${expiresAt.toISOString()}; ${confirmation}):`);
        print(`  ${signupLink(ctx.config.publicUrl, code)}`);
      });
    });
}
