import type { InboundActivity } from '@parley/contracts';
import type { ChannelPlugin } from '../channel-plugin';
import { optionChosenByNumber } from '../messaging/text-fallback';
import { joinMailParts, type MailPart, mailPartsOf } from './mail-outbound';
import { sendMailPart } from './mail-send';

/** A user's mail as the channel takes it: what they newly wrote, and what the bot's last mail numbered. */
export interface MailInbound {
  text: string;
  offeredOptions?: readonly string[];
}

/**
 * E-mail (Office 365 or any IMAP/SMTP mailbox): users write to the connected address, the poller
 * reads the mailbox (mail-poller.ts), the bot answers by SMTP in the user's thread.
 */
export const mailChannel: ChannelPlugin<MailInbound, MailPart, 'mail'> = {
  id: 'mail',
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('mail');
    return record?.keys.isEnabled === true;
  },
  toActivity(inbound): InboundActivity | undefined {
    const text = inbound.text.trim();
    if (text === '') return undefined;
    // A number answering the bot's numbered options is that option, as a click on it would be.
    const chosen = inbound.offeredOptions && optionChosenByNumber(text, inbound.offeredOptions);
    return chosen ? { type: 'click', text: chosen } : { type: 'text', text };
  },
  toOutbound: mailPartsOf,
  // People answer a mail with a mail, not with a mail per sentence: what the bot says at once is one mail.
  async sendTogether(ctx, to, parts) {
    const mail = joinMailParts(parts);
    if (mail) await sendMailPart(ctx, to, mail);
  },
};
