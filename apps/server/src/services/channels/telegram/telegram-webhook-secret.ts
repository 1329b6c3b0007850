import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';

/**
 * The secret_token Telegram sends back with every update (X-Telegram-Bot-Api-Secret-Token):
 * derived from the server's secret and the webhook id, so nothing else is stored and each bot's
 * webhook has its own. base64url is within Telegram's alphabet (A-Z a-z 0-9 _ -, 1-256 chars).
 */
export const telegramWebhookSecret = (ctx: AppContext, webhookId: string): string =>
  createHmac('sha256', ctx.config.jwtSecret).update(`telegram-webhook:${webhookId}`).digest('base64url');

/** Whether a request's header holds the webhook's secret, compared in constant time. */
export function isTelegramSecret(ctx: AppContext, webhookId: string, given: unknown): boolean {
  if (typeof given !== 'string' || given === '') return false;
  // Digests of both: equal lengths, so the comparison reveals nothing about the length either.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(telegramWebhookSecret(ctx, webhookId)));
}
