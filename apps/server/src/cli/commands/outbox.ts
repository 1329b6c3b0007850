import { normaliseEmail } from '@parley/db';
import type { Command } from 'commander';
import { print, withOperatorContext } from '../operator-context';

/** `parley outbox`: the platform's mail, readable without an SMTP server. */
export function outboxCommand(program: Command): void {
  program
    .command('outbox')
    .description('show the mails Parley sent or would have sent (every mail is kept in the outbox)')
    .option('--to <email>', 'only the mails to this address')
    .action(async (options: { to?: string }) => {
      await withOperatorContext(async (ctx) => {
        const to = options.to === undefined ? undefined : normaliseEmail(options.to);
        const mails =
          to === undefined ? await ctx.repos.outbox.listAll() : await ctx.repos.outbox.listFor(to);
        if (mails.length === 0) {
          print(to === undefined ? 'The outbox is empty.' : `No mail to ${to}.`);
          return;
        }
        for (const mail of mails) {
          print(
            `${mail.createdAt}  to ${mail.to}  (${mail.sentAt ? `sent ${mail.sentAt}` : 'not sent by SMTP'})`,
          );
          print(`Subject: ${mail.subject}`);
          print();
          print(mail.text);
          print('-'.repeat(72));
        }
      });
    });
}
