import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo, Server, Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { pollUntil } from './poll-until';

/** hoodiecrow-imap ships no types: the part of its server the stand-in uses. */
interface HoodiecrowMessage {
  raw: string;
  flags: string[];
}
interface HoodiecrowServer {
  server: Server;
  users: Record<string, { password: string }>;
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  appendMessage(
    mailbox: string,
    flags: string[],
    internalDate: Date,
    raw: string,
  ): { message: HoodiecrowMessage };
  getMailbox(path: string): { messages: HoodiecrowMessage[] };
}
const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (options: object) => HoodiecrowServer;

/** A mail a user writes to the bot's mailbox. */
export interface UserMail {
  from: string;
  subject: string;
  text: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /** More header lines ('Auto-Submitted: auto-replied'). */
  headers?: Record<string, string>;
  /** The body is HTML (as some mail programs send, with no plain-text part). */
  isHtml?: boolean;
  /** When the mailbox received it (now unless said). */
  receivedAt?: Date;
}

/** A mail the SMTP stand-in accepted, parsed, with its envelope. */
export interface SentMail {
  envelopeFrom: string;
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface MailStandIn {
  /** imap://127.0.0.1:port: the bot's mailbox (hoodiecrow). */
  imapUrl: string;
  /** smtp://127.0.0.1:port: the server the bot sends its replies through. */
  smtpUrl: string;
  /** Puts a user's mail in the mailbox's INBOX, unread; answers its Message-ID. */
  deliver(mail: UserMail): string;
  /** Whether the mailbox's copy (or copies) of a mail carry \Seen. */
  isSeen(messageId: string): boolean;
  /** Sets the password the SMTP server takes (by default the mailbox's). */
  setSmtpPassword(password: string): void;
  sent: SentMail[];
  /** The first sent mail that matches, waiting for it. */
  waitForSent(match: (sent: SentMail) => boolean, what: string): Promise<SentMail>;
  close(): Promise<void>;
}

/**
 * The mail provider of the bot's account, on 127.0.0.1: an IMAP server holding the one mailbox
 * (hoodiecrow: LOGIN with the address and password, SEARCH, FETCH, STORE flags, as Office 365's
 * IMAP), and an SMTP submission server that, as Office 365's does, takes mail only after AUTH
 * with the account's address and password, and only from that address (envelope and From header).
 */
export async function startMailStandIn(account: { address: string; password: string }): Promise<MailStandIn> {
  const imap = hoodiecrow({
    plugins: ['ID', 'UNSELECT', 'ENABLE'],
    users: { [account.address]: { password: account.password } },
    storage: { INBOX: { messages: [] }, '': { separator: '/' } },
  });
  const imapSockets = new Set<Socket>();
  imap.server.on('connection', (socket: Socket) => {
    imapSockets.add(socket);
    socket.on('close', () => imapSockets.delete(socket));
  });
  await new Promise<void>((resolve) => imap.listen(0, '127.0.0.1', resolve));

  let smtpPassword = account.password;
  const sent: SentMail[] = [];
  const smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === account.address && auth.password === smtpPassword)
        return callback(null, { user: auth.username });
      return callback(Object.assign(new Error('5.7.3 Authentication unsuccessful'), { responseCode: 535 }));
    },
    onMailFrom(address, session, callback) {
      if (address.address.toLowerCase() !== String(session.user).toLowerCase())
        return callback(Object.assign(new Error('5.7.60 SendAsDenied'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            const from = mail.from?.value[0]?.address?.toLowerCase();
            if (from !== String(session.user).toLowerCase())
              return callback(Object.assign(new Error('5.7.60 SendAsDenied'), { responseCode: 550 }));
            if (!mail.subject || !mail.messageId)
              return callback(Object.assign(new Error('5.6.0 Missing headers'), { responseCode: 554 }));
            sent.push({
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

  const port = (server: Server) => (server.address() as AddressInfo).port;
  const inbox = () => imap.getMailbox('INBOX').messages;
  const hasMessageId = (message: HoodiecrowMessage, messageId: string) =>
    new RegExp(`^Message-ID: ${messageId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r$`, 'im').test(
      message.raw,
    );

  return {
    imapUrl: `imap://127.0.0.1:${port(imap.server)}`,
    smtpUrl: `smtp://127.0.0.1:${port(smtp.server)}`,
    deliver(mail) {
      const messageId = mail.messageId ?? `<${randomUUID()}@user.example>`;
      const lines = [
        `From: ${mail.from}`,
        `To: ${account.address}`,
        `Subject: ${mail.subject}`,
        `Message-ID: ${messageId}`,
        `Date: ${(mail.receivedAt ?? new Date()).toUTCString()}`,
        ...(mail.inReplyTo ? [`In-Reply-To: ${mail.inReplyTo}`] : []),
        ...(mail.references ? [`References: ${mail.references.join(' ')}`] : []),
        ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        'MIME-Version: 1.0',
        `Content-Type: ${mail.isHtml ? 'text/html' : 'text/plain'}; charset=utf-8`,
        'Content-Transfer-Encoding: 8bit',
      ];
      const raw = `${lines.join('\r\n')}\r\n\r\n${mail.text.replace(/\r?\n/g, '\r\n')}\r\n`;
      imap.appendMessage('INBOX', [], mail.receivedAt ?? new Date(), raw);
      return messageId;
    },
    isSeen(messageId) {
      const copies = inbox().filter((message) => hasMessageId(message, messageId));
      if (copies.length === 0) throw new Error(`no mail ${messageId} in the mailbox`);
      return copies.every((message) => message.flags.includes('\\Seen'));
    },
    setSmtpPassword(password) {
      smtpPassword = password;
    },
    sent,
    async waitForSent(match, what) {
      const found = await pollUntil(
        what,
        () => sent.find(match),
        (mail) => mail !== undefined,
        {
          timeoutMs: 20_000,
          intervalMs: 20,
        },
      );
      return found as SentMail;
    },
    async close() {
      for (const socket of imapSockets) socket.destroy();
      await new Promise<void>((resolve) => imap.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
