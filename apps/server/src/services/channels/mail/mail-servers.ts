import type { ImapFlowOptions } from 'imapflow';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { AppContext } from '../../../context';

/** Waits on the mail servers: a connect call answers the user, a poll must not hang a job. */
const CONNECTION_TIMEOUT_MS = 15_000;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Where one of the operator's mail servers is, and how its connection is secured. */
export interface MailServer {
  host: string;
  port: number;
  /** TLS from the first byte (imaps://, smtps://). */
  isImplicitTls: boolean;
  /** The connection must be upgraded with STARTTLS before the password is sent. */
  requiresStartTls: boolean;
}

/**
 * The operator's IMAP or SMTP URL (ctx.config.platforms.mailImap / mailSmtp) as a server. A
 * password never crosses a network in clear: imaps:// and smtps:// are TLS from the start, and
 * imap:// or smtp:// must upgrade with STARTTLS, except on this machine's own loopback address
 * (a local relay, or the tests' stand-ins), where plain connections are allowed.
 */
export function mailServerOf(url: string, kind: 'imap' | 'smtp'): MailServer {
  const parsed = new URL(url);
  const scheme = parsed.protocol.replace(/:$/, '');
  const isImplicitTls = scheme === `${kind}s`;
  if (!isImplicitTls && scheme !== kind)
    throw new Error(`The ${kind.toUpperCase()} server's URL must start with ${kind}:// or ${kind}s://`);
  const defaultPort = kind === 'imap' ? (isImplicitTls ? 993 : 143) : isImplicitTls ? 465 : 587;
  const host = parsed.hostname;
  return {
    host: host.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? defaultPort : Number(parsed.port),
    isImplicitTls,
    requiresStartTls: !isImplicitTls && !LOOPBACK_HOSTS.has(host),
  };
}

export interface MailLogin {
  emailAddress: string;
  password: string;
}

/** imapflow's options for the bot's mailbox (the address is the user name, as Office 365 has it). */
export function imapOptionsOf(ctx: AppContext, login: MailLogin): ImapFlowOptions {
  const server = mailServerOf(ctx.config.platforms.mailImap, 'imap');
  return {
    host: server.host,
    port: server.port,
    secure: server.isImplicitTls,
    // Loopback without TLS stays plain; elsewhere STARTTLS is required, not merely tried.
    doSTARTTLS: server.isImplicitTls ? undefined : server.requiresStartTls,
    auth: { user: login.emailAddress, pass: login.password },
    logger: false,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: 4 * CONNECTION_TIMEOUT_MS,
    disableAutoIdle: true,
  };
}

/** nodemailer's transport options for the bot's replies. */
export function smtpOptionsOf(ctx: AppContext, login: MailLogin): SMTPTransport.Options {
  const server = mailServerOf(ctx.config.platforms.mailSmtp, 'smtp');
  return {
    host: server.host,
    port: server.port,
    secure: server.isImplicitTls,
    requireTLS: server.requiresStartTls,
    ignoreTLS: !server.isImplicitTls && !server.requiresStartTls,
    auth: { user: login.emailAddress, pass: login.password },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: 2 * CONNECTION_TIMEOUT_MS,
  };
}
