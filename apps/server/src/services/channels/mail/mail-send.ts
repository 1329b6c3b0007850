import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { AppContext } from '../../../context';
import type { ChannelRecipient } from '../messaging/messaging-platform';
import { mailAddressSchema, referencesOfReply } from './mail-address';
import type { MailPart } from './mail-outbound';
import { replySubjectOf } from './mail-reply-text';
import { smtpOptionsOf } from './mail-servers';

/**
 * Sends one of the bot's mails over SMTP from the connected address, as a reply in the user's
 * thread ('Re:' subject, In-Reply-To and References), marked as automatic (RFC 3834) so
 * out-of-office responders do not answer it. Throws when the server refuses it: the delivery is
 * tried again. Afterwards the user's address remembers the options this mail numbered.
 */
export async function sendMailPart(ctx: AppContext, to: ChannelRecipient, part: MailPart): Promise<void> {
  const emailAddress = to.keys.values.emailAddress;
  const password = to.keys.values.password;
  if (typeof emailAddress !== 'string' || typeof password !== 'string' || password === '')
    throw new Error('the mail channel is not connected');
  const address = mailAddressSchema.parse(to.address);
  const domain = emailAddress.split('@')[1] ?? 'parley.invalid';
  const transport = nodemailer.createTransport(smtpOptionsOf(ctx, { emailAddress, password }));
  try {
    await transport.sendMail({
      from: emailAddress,
      to: address.to,
      subject: replySubjectOf(address.subject),
      text: part.text,
      messageId: `<${randomUUID()}@${domain}>`,
      ...(address.messageId ? { inReplyTo: address.messageId } : {}),
      references: referencesOfReply(address),
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
  } finally {
    transport.close();
  }
  const { offeredOptions: _before, ...thread } = address;
  await ctx.repos
    .forTenant(to.keys.bot.tenantId)
    .channelAddresses(to.keys.bot.id)
    .save(to.conversation.channel, to.conversation.userKey, {
      ...thread,
      ...(part.offeredOptions ? { offeredOptions: part.offeredOptions } : {}),
    });
}
