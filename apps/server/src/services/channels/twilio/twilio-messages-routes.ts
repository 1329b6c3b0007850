import { AppError } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import twilio from 'twilio';
import type { AppContext } from '../../../context';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import { receiveMessage } from '../messaging/inbound-message';
import type { MessagingPlatform } from '../messaging/messaging-platform';
import { isWhatsAppSender, type TwilioAddress, twilioMessagesChannel } from './twilio-messages-channel';
import { formParamsOf, isSignedByTwilio, type TwilioParams } from './twilio-signature';
import { isTwilioWebhookGenerated } from './twilio-webhooks';

export const TWILIO_MESSAGES_ERRORS = {
  unknownWebhook: 'This Twilio webhook does not exist (it was changed or deleted).',
  notSigned: 'This request does not carry a valid X-Twilio-Signature.',
  notAMessage: 'A Twilio message needs MessageSid, From and To.',
} as const;

/** Twilio reads the webhook's answer as TwiML: an empty one sends nothing (the bot answers through the API). */
const answerEmptyTwiml = (reply: FastifyReply) =>
  reply.header('content-type', 'text/xml').send(new twilio.twiml.MessagingResponse().toString());

const textOf = (params: TwilioParams, name: string) => {
  const value = params[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** Twilio's inbound message (SMS or WhatsApp), from its form fields; undefined when it is not one. */
function inboundOf(params: TwilioParams) {
  const messageSid = textOf(params, 'MessageSid') || textOf(params, 'SmsMessageSid');
  const from = textOf(params, 'From');
  const to = textOf(params, 'To');
  if (!messageSid || !from || !to || messageSid.length > 64 || from.length > 64 || to.length > 64)
    return undefined;
  const channel = isWhatsAppSender(from) ? ('whatsapp' as const) : ('twilio' as const);
  const userKey = `${channel === 'whatsapp' ? 'whatsapp' : 'sms'}:${from.replace(/^whatsapp:/, '')}`;
  return { messageSid, channel, userKey, address: { from: to, to: from } satisfies TwilioAddress };
}

/**
 * POST /webhooks/twilio/messages/{webhookId}: what users text to the bot's SMS or WhatsApp number
 * (the number's 'A message comes in' webhook). Twilio signs every request with the account's
 * auth token over the URL it called and the form fields (X-Twilio-Signature): anything unsigned,
 * signed for another URL or tampered with is refused with 403 and reaches no bot. A message is
 * taken once per MessageSid; the answer is empty TwiML and the bot's messages go through the
 * Messages API, as its later ones (a Delay's end, an agent's answer) do.
 */
export function twilioMessagesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  platform: MessagingPlatform,
): void {
  app.post<{ Params: { webhookId: string } }>(
    '/webhooks/twilio/messages/:webhookId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
      if (!keys || !isTwilioWebhookGenerated(keys.values, 'messages'))
        throw new AppError('not-found_error', TWILIO_MESSAGES_ERRORS.unknownWebhook);
      const params = formParamsOf(request.body);
      const authToken = typeof keys.values.authToken === 'string' ? keys.values.authToken : '';
      if (!params || !isSignedByTwilio(ctx, request, authToken, params))
        throw new AppError('unauthorised_error_code', TWILIO_MESSAGES_ERRORS.notSigned, {}, 403);
      // A status callback sent to this URL (MessageStatus) is no user's message.
      if (textOf(params, 'MessageStatus') !== '') return answerEmptyTwiml(reply);
      const inbound = inboundOf(params);
      if (!inbound) throw new AppError('validation_error', TWILIO_MESSAGES_ERRORS.notAMessage);

      const scope = ctx.repos.forTenant(keys.bot.tenantId);
      const stored = (await scope.channelAddresses(keys.bot.id).get(inbound.channel, inbound.userKey)) as
        | Partial<TwilioAddress>
        | undefined;
      const lastOptions = Array.isArray(stored?.options) ? stored.options.map(String) : [];
      const activity = twilioMessagesChannel.toActivity({ params, lastOptions });
      if (!activity) return answerEmptyTwiml(reply);
      const timeout = keys.values.messagesTimeout;
      await receiveMessage(
        ctx,
        twilioMessagesChannel as Parameters<typeof receiveMessage>[1],
        keys,
        {
          messageId: inbound.messageSid,
          userKey: inbound.userKey,
          address: inbound.address,
          activity,
          channel: inbound.channel,
        },
        { send: true, timeoutMinutes: typeof timeout === 'number' ? timeout : 0 },
      );
      return answerEmptyTwiml(reply);
    },
  );
}
