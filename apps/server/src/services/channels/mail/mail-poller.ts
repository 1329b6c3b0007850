import { AppError } from '@parley/contracts';
import type { Bot } from '@parley/db';
import { ImapFlow } from 'imapflow';
import type { AppContext } from '../../../context';
import { runInputTask } from '../../../untrusted-input/run-input-task';
import { isChannelEnabled } from '../channel-plugins';
import { readPlatformKeys } from '../messaging/channel-keys.service';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { type MailOutcome, takeMail } from './mail-inbound';
import { mailPlatform } from './mail-platform';
import { imapOptionsOf } from './mail-servers';

/** How often every connected mailbox is read (the 'mail.poll' job's interval). */
export const MAIL_POLL_EVERY_MS = 60_000;
/** Mails one poll of a mailbox takes at most, oldest first; the rest wait for the next poll. */
export const MAILS_PER_POLL = 20;
/** The most of one mail that is read: the text comes first, large attachments are not needed. */
const MAIL_READ_BYTES = 2 * 1024 * 1024;
/**
 * Unread mails older than this are not answered (left unread): a channel switched on again, or
 * a mailbox connected anew, does not answer last month's mail.
 */
export const MAIL_MAX_AGE_HOURS = 24;

/** Mailboxes being read by this process: a slow poll is not overlapped by the next one. */
const pollingBots = new Set<string>();

export interface MailPollResult {
  /** Each unread mail the poll looked at, by what happened to it. */
  outcomes: MailOutcome[];
}

/**
 * Reads every connected bot's mailbox once (the repeating 'mail.poll' job). A mailbox that
 * cannot be read (a changed password, a server down) is logged and tried at the next poll.
 */
export async function pollMailboxes(ctx: AppContext): Promise<void> {
  for (const record of await ctx.repos.channels.keysOfPlatform(mailPlatform.id)) {
    if (record.keys.isEnabled !== true) continue;
    const bot = await ctx.repos.forTenant(record.tenantId).bots.getById(record.botId);
    if (!bot) continue;
    try {
      await pollMailbox(ctx, bot);
    } catch (error) {
      ctx.log.warn({ err: error, botId: bot.id }, 'a bot mailbox could not be read');
    }
  }
}

/**
 * Reads one bot's mailbox: each unread mail of the last MAIL_MAX_AGE_HOURS is taken (answered
 * once, whichever process reads it: the Message-ID is the receipt) and then marked \Seen.
 * Nothing is read while the channel is disconnected or off on the Configuration tab.
 */
export async function pollMailbox(ctx: AppContext, bot: Bot): Promise<MailPollResult> {
  const outcomes: MailOutcome[] = [];
  const scope = ctx.repos.forTenant(bot.tenantId);
  const keys = await readPlatformKeys(ctx, scope, bot, mailPlatform);
  if (!keys) return { outcomes };
  const { isEnabled, emailAddress, password } = keys.values;
  if (isEnabled !== true || typeof emailAddress !== 'string' || typeof password !== 'string')
    return { outcomes };
  if (!(await isChannelEnabled(scope, bot, 'mail')) || pollingBots.has(bot.id)) return { outcomes };

  pollingBots.add(bot.id);
  let imap: ImapFlow | undefined;
  try {
    imap = new ImapFlow(imapOptionsOf(ctx, { emailAddress, password }));
    imap.on('error', (error) => ctx.log.warn({ err: error, botId: bot.id }, 'mail channel IMAP error'));
    await imap.connect();
    const lock = await imap.getMailboxLock('INBOX');
    try {
      const uidValidity = imap.mailbox ? String(imap.mailbox.uidValidity) : '0';
      for (const uid of await freshUnreadUids(imap)) {
        const message = await imap.fetchOne(
          String(uid),
          { uid: true, source: { maxLength: MAIL_READ_BYTES } },
          { uid: true },
        );
        if (message === false || !message.source) continue;
        const outcome = await takeMailSafely(ctx, keys, message.source, `imap:${uidValidity}:${uid}`);
        if (!outcome) continue;
        outcomes.push(outcome);
        if (outcome === 'channelOff') break;
        await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      }
    } finally {
      lock.release();
    }
    await imap.logout();
  } finally {
    imap?.close();
    pollingBots.delete(bot.id);
  }
  return { outcomes };
}

/**
 * The unread mails of the last MAIL_MAX_AGE_HOURS, oldest first, at most MAILS_PER_POLL. SEARCH
 * SINCE counts whole days, so the hours are checked on each mail's INTERNALDATE (fetched alone,
 * without the mails: older unread mails never take the places of new ones).
 */
async function freshUnreadUids(imap: ImapFlow): Promise<number[]> {
  const oldest = new Date(Date.now() - MAIL_MAX_AGE_HOURS * 3_600_000);
  const found = await imap.search({ seen: false, since: oldest }, { uid: true });
  if (!found || found.length === 0) return [];
  const dated = await imap.fetchAll(found.join(','), { uid: true, internalDate: true }, { uid: true });
  return dated
    .filter((message) => message.internalDate !== undefined && new Date(message.internalDate) >= oldest)
    .map((message) => message.uid)
    .sort((a, b) => a - b)
    .slice(0, MAILS_PER_POLL);
}

/** A mail that takes longer to read, or more memory, stays unread (logged) like any mail that fails. */
const MAIL_PARSE_LIMITS = {
  timeoutMs: 10_000,
  tooComplex: () => new AppError('validation_error', 'This mail is too complex to read.'),
  busy: () =>
    new AppError('rate_limit_error', 'Too many files are being read; the mail is read at the next poll.'),
};

/** One mail taken; a mail that fails (the database away) stays unread for the next poll, the others go on. */
async function takeMailSafely(
  ctx: AppContext,
  keys: PlatformKeys,
  source: Buffer,
  fallbackId: string,
): Promise<MailOutcome | undefined> {
  try {
    const mail = await runInputTask('readMail', { source }, MAIL_PARSE_LIMITS);
    return await takeMail(ctx, keys, mail, fallbackId);
  } catch (error) {
    ctx.log.warn({ err: error, botId: keys.bot.id }, 'a mail could not be taken; it stays unread');
    return undefined;
  }
}
