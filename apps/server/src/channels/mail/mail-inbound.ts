import { createHash } from 'node:crypto';
import type { Headers, ParsedMail } from 'mailparser';
import type { AppContext } from '../../context';
import { receiveMessage } from '../messaging/inbound-message';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { type MailAddress, mailAddressSchema } from './mail-address';
import { mailChannel } from './mail-channel';
import { newPartOfMailText, subjectWithoutPrefixes } from './mail-reply-text';

export type MailOutcome = 'answered' | 'duplicate' | 'ignored' | 'channelOff';

/** Senders that are mail systems, never people: answering them starts mail loops. */
const SYSTEM_SENDERS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@/i;

/**
 * Mails no person wrote to the bot: auto-replies and other automatic mail (RFC 3834
 * Auto-Submitted, Precedence bulk/junk/list/auto_reply) and mailing-list posts. The bot
 * answering them would loop.
 */
function isAutomatic(headers: Headers): boolean {
  const autoSubmitted = String(headers.get('auto-submitted') ?? 'no').toLowerCase();
  const precedence = String(headers.get('precedence') ?? '').toLowerCase();
  return (
    autoSubmitted.trim() !== 'no' ||
    ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence.trim()) ||
    headers.has('list-id') ||
    headers.has('x-autoreply') ||
    headers.has('x-autorespond')
  );
}

const referencesOf = (references: ParsedMail['references']): string[] =>
  (Array.isArray(references) ? references : references ? references.split(/\s+/) : []).filter(
    (id) => id !== '',
  );

/** A receipt id: the Message-ID (the same mail polled twice is one), hashed when it is long. */
const receiptIdOf = (messageId: string) =>
  messageId.length <= 200 ? messageId : `sha256:${createHash('sha256').update(messageId).digest('hex')}`;

/**
 * One mail from the bot's mailbox, after the mailbox login proved it is the bot's: what the
 * sender newly wrote becomes their turn (the subject when a first mail has no body), answered by
 * one mail in their thread. The sender's address is the conversation's user (`mail:` and the
 * address in lower case), so their replies continue the conversation. `fallbackId` names a mail
 * without a Message-ID (the mailbox's UIDVALIDITY and UID).
 */
export async function takeMail(
  ctx: AppContext,
  keys: PlatformKeys,
  mail: ParsedMail,
  fallbackId: string,
): Promise<MailOutcome> {
  const from = mail.from?.value[0]?.address?.trim().toLowerCase();
  const own = String(keys.values.emailAddress ?? '').toLowerCase();
  if (!from || from === own || SYSTEM_SENDERS.test(from) || isAutomatic(mail.headers)) return 'ignored';

  const subject = mail.subject ?? '';
  const written = newPartOfMailText(mail.text ?? '');
  const text = written !== '' || mail.inReplyTo ? written : subjectWithoutPrefixes(subject);
  const userKey = `mail:${from}`;
  const bot = keys.bot;
  const scope = ctx.repos.forTenant(bot.tenantId);
  const before = mailAddressSchema.safeParse(await scope.channelAddresses(bot.id).get('mail', userKey));
  const activity = mailChannel.toActivity({
    text,
    ...(before.success && before.data.offeredOptions ? { offeredOptions: before.data.offeredOptions } : {}),
  });
  if (!activity) return 'ignored';

  const address: MailAddress = {
    to: from,
    subject,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    references: referencesOf(mail.references),
  };
  const outcome = await receiveMessage(
    ctx,
    mailChannel,
    keys,
    { messageId: receiptIdOf(mail.messageId ?? fallbackId), userKey, address, activity },
    { send: true },
  );
  return outcome.kind;
}
