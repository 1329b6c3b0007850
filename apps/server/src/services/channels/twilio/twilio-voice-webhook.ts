import type { AppContext } from '../../../context';
import { webhookUrlOf } from '../messaging/messaging-platform';
import { isTwilioWebhookGenerated } from './twilio-webhooks';

/** The voice webhook is generated (the dialog's Generate webhook); until then the voice URLs answer no call. */
export const isVoiceWebhookGenerated = (keys: Record<string, unknown>): boolean =>
  isTwilioWebhookGenerated(keys, 'voice');

/** The longest action URL carrying the offered options; longer lists are answered by number only. */
const ACTION_URL_MAX_LENGTH = 1500;

/** The URL a number's 'A call comes in' webhook points at: the call's start. */
export const voiceCallUrlOf = (ctx: AppContext, webhookId: string) =>
  webhookUrlOf(ctx, 'twilio', webhookId, 'voice');

/**
 * Where a Gather posts the caller's answer: the call's turn number (a retried post of the same
 * turn is answered once) and the options it offered (a key then picks one by its text).
 */
export function gatherUrlOf(
  ctx: AppContext,
  webhookId: string,
  turn: number,
  options: readonly string[] = [],
) {
  const base = `${voiceCallUrlOf(ctx, webhookId)}/gather?turn=${turn}`;
  const withOptions = `${base}${options.map((option) => `&option=${encodeURIComponent(option)}`).join('')}`;
  return withOptions.length <= ACTION_URL_MAX_LENGTH ? withOptions : base;
}
