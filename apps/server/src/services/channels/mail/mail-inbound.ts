import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import { receiveMessage } from '../messaging/inbound-message';
import type { PlatformKeys } from '../messaging/messaging-platform';
import { type MailAddress, mailAddressSchema } from './mail-address';
import { mailChannel } from './mail-channel';
import type { MailFacts } from './mail-facts';
import { newPartOfMailText, subjectWithoutPrefixes } from './mail-reply-text';

export type MailOutcome = 'answered' | 'duplicate' | 'ignored' | 'channelOff';

/** Senders that are mail systems, never people: answering them starts mail loops. */
const SYSTEM_SENDERS = /^(mailer-daemon|postmaster|no-?reply|do-?not-?reply)@/i;

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
  mail: MailFacts,
  fallbackId: string,
): Promise<MailOutcome> {
  const from = mail.from;
  const own = String(keys.values.emailAddress ?? '').toLowerCase();
  if (!from || from === own || SYSTEM_SENDERS.test(from) || mail.isAutomatic) return 'ignored';

  const subject = mail.subject;
  const written = newPartOfMailText(mail.text);
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
    references: mail.references,
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
