import type { Repositories } from '@parley/db';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Records the mail in the outbox, then delivers it over SMTP when configured; throws when delivery fails. */
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail goes to the outbox table first. With SMTP_URL it is then delivered; without, it
 * is written to the server log too, so a local operator can still follow a reset link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  repos: Repositories;
  log: Logger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      const id = await options.repos.outbox.add(mail);
      if (!transport) {
        options.log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `Mail (outbox, no SMTP_URL set):\n${mail.text}`,
        );
        return;
      }
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await options.repos.outbox.markSent(id);
    },
  };
}
