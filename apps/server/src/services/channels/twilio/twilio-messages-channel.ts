import { CHANNELS, handoverNumbersOf } from '@parley/contracts';
import type { AppContext } from '../../../context';
import type { ChannelPlugin } from '../channel-plugin';
import type { ChannelRecipient } from '../messaging/messaging-platform';
import {
  type TwilioInbound,
  type TwilioOutbound,
  twilioActivityOf,
  twilioMessagesOf,
} from './twilio-messages-conversion';
import { twilioClientOf, twilioCredentialsOf } from './twilio-rest-client';
import { isTwilioWebhookGenerated } from './twilio-webhooks';

/** Where a user of Twilio Messages is reached: the number they wrote to, and theirs. */
export interface TwilioAddress {
  /** Our number as Twilio names it ('+14155550100' or 'whatsapp:+14155238886'). */
  from: string;
  /** The user's ('+4915112345678' or 'whatsapp:+4915112345678'). */
  to: string;
  /** The numbered options the bot sent last: a digit answer picks one. */
  options?: string[];
}

export const isWhatsAppSender = (from: string) => from.startsWith('whatsapp:');

/** The sender the bot answers from: the configured number of the channel, else the one the user wrote to. */
function senderOf(to: ChannelRecipient, address: TwilioAddress): string {
  const { smsNumber, whatsAppNumber } = to.keys.values;
  if (to.conversation.channel === 'whatsapp')
    return typeof whatsAppNumber === 'string' && whatsAppNumber !== ''
      ? `whatsapp:${whatsAppNumber}`
      : address.from;
  return typeof smsNumber === 'string' && smsNumber !== '' ? smsNumber : address.from;
}

/** What the handover alert numbers read: which bot, which channel, which user. */
const handoverAlertText = (to: ChannelRecipient, address: TwilioAddress) =>
  `${to.keys.bot.botName}: a user on ${CHANNELS[to.conversation.channel === 'whatsapp' ? 'whatsapp' : 'twilio'].name} (${address.to.replace(/^whatsapp:/, '')}) asks for a person. Answer in Parley's agent inbox.`;

async function sendTwilioMessage(
  ctx: AppContext,
  to: ChannelRecipient,
  message: TwilioOutbound,
): Promise<void> {
  const credentials = twilioCredentialsOf(to.keys.values);
  if (!credentials) throw new Error('the Twilio Account SID or auth token is not set');
  const client = twilioClientOf(ctx, credentials.accountSid, credentials.authToken);
  const address = to.address as unknown as TwilioAddress;

  if (message.isHandoverAlert) {
    const smsNumber = to.keys.values.smsNumber;
    const numbers = handoverNumbersOf(String(to.keys.values.handoverNumbers ?? ''));
    if (typeof smsNumber !== 'string' || smsNumber === '') return;
    for (const number of numbers)
      await client.messages.create({ from: smsNumber, to: number, body: handoverAlertText(to, address) });
    return;
  }

  const isWhatsApp = to.conversation.channel === 'whatsapp';
  const file = message.file;
  const body = file ? (isWhatsApp ? file.name : `${file.name}: ${file.url}`) : message.body;
  const mediaUrl = message.mediaUrl ?? (file && isWhatsApp ? file.url : undefined);
  await client.messages.create({
    from: senderOf(to, address),
    to: address.to,
    ...(body ? { body } : {}),
    ...(mediaUrl ? { mediaUrl: [mediaUrl] } : {}),
  });
  if (message.options) {
    // The user's next message may be a number: it picks from these.
    const scope = ctx.repos.forTenant(to.keys.bot.tenantId);
    await scope
      .channelAddresses(to.keys.bot.id)
      .save(to.conversation.channel, to.conversation.userKey, { ...to.address, options: message.options });
  }
}

/**
 * Twilio Messages (issue 14): SMS on the catalogue's 'twilio' channel and WhatsApp on 'whatsapp',
 * one Twilio account for both. Users' messages reach /webhooks/twilio/messages/{id}
 * (twilio-messages-routes.ts); the bot answers through the Messages API.
 */
export const twilioMessagesChannel: ChannelPlugin<TwilioInbound, TwilioOutbound, 'twilio'> = {
  id: 'twilio',
  conversationChannels: ['whatsapp'],
  async isConnected(scope, bot) {
    const record = await scope.channelKeys(bot.id).get('twilio');
    if (!record) return false;
    const { accountSid, smsNumber, whatsAppNumber } = record.keys;
    return (
      Boolean(accountSid) &&
      Boolean(record.sealedSecrets.authToken) &&
      (Boolean(smsNumber) || Boolean(whatsAppNumber)) &&
      isTwilioWebhookGenerated(record.keys, 'messages')
    );
  },
  toActivity: twilioActivityOf,
  toOutbound: twilioMessagesOf,
  send: sendTwilioMessage,
};
