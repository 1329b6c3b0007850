import { AppError, MAIL_CHANNEL_MESSAGES } from '@parley/contracts';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../../context';
import { imapOptionsOf, type MailLogin, smtpOptionsOf } from './mail-servers';

const isImapLoginRefused = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { authenticationFailed?: unknown }).authenticationFailed === true;

const isSmtpLoginRefused = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EAUTH';

/**
 * Logs in to the mailbox over IMAP and to the SMTP server, as the channel will: a connect is
 * saved only when both accept the address and password. A refusal is the user's to correct
 * (400); a server that cannot be reached, or a server URL the operator mistyped, is not (502),
 * and its cause goes to the log only.
 */
export async function checkMailLogin(ctx: AppContext, login: MailLogin): Promise<void> {
  let imap: ImapFlow | undefined;
  try {
    imap = new ImapFlow(imapOptionsOf(ctx, login));
    // A failed connection also emits 'error'; the rejection below is what is handled.
    imap.on('error', () => undefined);
    await imap.connect();
    await imap.logout();
  } catch (error) {
    imap?.close();
    throw loginError(ctx, error, isImapLoginRefused(error), 'IMAP');
  }
  let smtp: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    smtp = nodemailer.createTransport(smtpOptionsOf(ctx, login));
    await smtp.verify();
  } catch (error) {
    throw loginError(ctx, error, isSmtpLoginRefused(error), 'SMTP');
  } finally {
    smtp?.close();
  }
}

function loginError(ctx: AppContext, error: unknown, isRefused: boolean, server: string): AppError {
  if (isRefused) return new AppError('validation_error', MAIL_CHANNEL_MESSAGES.loginRefused);
  ctx.log.warn({ err: error, server }, 'the mail channel could not reach its mail server');
  return new AppError('configuration_error', MAIL_CHANNEL_MESSAGES.serverUnreachable, {}, 502);
}
