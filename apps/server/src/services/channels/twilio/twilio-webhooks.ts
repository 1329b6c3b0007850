import { AppError, Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/guard';
import type { AppContext } from '../../../context';
import { botNamed } from '../../bots/bot-access.service';
import { keysViewOf, readPlatformKeys, storePlatformKeys } from '../messaging/channel-keys.service';
import { type MessagingPlatform, type PlatformKeys, webhookUrlOf } from '../messaging/messaging-platform';

export const TWILIO_WEBHOOK_TYPES = ['voice', 'messages'] as const;
export type TwilioWebhookType = (typeof TWILIO_WEBHOOK_TYPES)[number];

/** The plain keys that say a webhook was generated (the dialog's 'Generate webhook' was pressed). */
export const TWILIO_WEBHOOK_FLAGS = {
  voice: 'hasVoiceWebhook',
  messages: 'hasMessagesWebhook',
} as const satisfies Record<TwilioWebhookType, string>;

export const isTwilioWebhookGenerated = (values: Record<string, unknown>, type: TwilioWebhookType) =>
  values[TWILIO_WEBHOOK_FLAGS[type]] === true;

/**
 * The inbound URLs to enter on Twilio, once generated: one webhook id per bot names both, under
 * /webhooks/twilio/voice/{id} and /webhooks/twilio/messages/{id}.
 */
export function twilioWebhookUrls(ctx: AppContext, keys: PlatformKeys) {
  const urlOf = (type: TwilioWebhookType) =>
    isTwilioWebhookGenerated(keys.values, type) ? webhookUrlOf(ctx, 'twilio', keys.webhookId, type) : '';
  return { webhookUrl: urlOf('voice'), messagesWebhookUrl: urlOf('messages') };
}

export const TWILIO_WEBHOOK_MESSAGES = {
  unknownType: 'The webhook type is voice or messages.',
} as const;

const typeOf = (value: string): TwilioWebhookType => {
  if (!(TWILIO_WEBHOOK_TYPES as readonly string[]).includes(value))
    throw new AppError('validation_error', TWILIO_WEBHOOK_MESSAGES.unknownType, { fieldName: 'type' });
  return value as TwilioWebhookType;
};

type WebhookParams = { Params: { bot: string; type: string } };
const MANAGE_CHANNELS = { config: { access: { botPermission: [Permission.ManageChannels] } } } as const;

/**
 * POST and DELETE /api/twilio/{botName}/{type}/webhook (spec 04 sections 4 and 7.1), answered
 * with the keys (webhookUrl and messagesWebhookUrl among them):
 * - POST with no webhook of the type generates it;
 * - POST again changes it: the bot gets a new webhook id, so the old URLs stop working at once
 *   (both types' URLs change, as they share the id; the user enters them on Twilio again);
 * - DELETE clears all the Twilio keys of the bot.
 */
export function twilioWebhookRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  platform: MessagingPlatform,
): void {
  const path = '/api/twilio/:bot/:type/webhook';
  app.post<WebhookParams>(path, MANAGE_CHANNELS, async (request) => {
    const type = typeOf(request.params.type);
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    const before = await readPlatformKeys(ctx, principal.scope, bot, platform);
    if (before && isTwilioWebhookGenerated(before.values, type))
      await principal.scope.channelKeys(bot.id).renewWebhookId(platform.id);
    const keys = await storePlatformKeys(ctx, principal.scope, bot, platform, {
      ...before?.values,
      [TWILIO_WEBHOOK_FLAGS[type]]: true,
    });
    return keysViewOf(ctx, platform, keys);
  });
  app.delete<WebhookParams>(path, MANAGE_CHANNELS, async (request) => {
    typeOf(request.params.type);
    const principal = principalOf(request);
    const bot = await botNamed(principal, request.params.bot);
    await principal.scope.channelKeys(bot.id).remove(platform.id);
    return keysViewOf(ctx, platform, undefined);
  });
}
