import { api } from '../../../api/client';
import type { ChannelKeysAnswer } from '../keys/channel-keys-api';

/** The webhooks of spec 04 section 7.1: 'voice' (calls) or 'messages' (SMS and WhatsApp). */
export type TwilioWebhookType = 'voice' | 'messages';

const webhookPath = (botName: string, type: TwilioWebhookType) =>
  `/api/twilio/${encodeURIComponent(botName)}/${type}/webhook`;

/** POST .../{type}/webhook: generates the webhook, or changes it when there is one (the old URLs stop working). */
export const generateTwilioWebhook = (botName: string, type: TwilioWebhookType) =>
  api.post<ChannelKeysAnswer>(webhookPath(botName, type));

/** DELETE .../{type}/webhook: deletes the webhooks and all the Twilio keys. */
export const deleteTwilioWebhook = (botName: string, type: TwilioWebhookType) =>
  api.delete<ChannelKeysAnswer>(webhookPath(botName, type));
