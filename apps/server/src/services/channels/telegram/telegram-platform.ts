import { AppError, TELEGRAM_KEYS } from '@parley/contracts';
import type { AppContext } from '../../../context';
import { definePlatform } from '../define-platform';
import { storePlatformKeys } from '../messaging/channel-keys.service';
import { type PlatformKeys, webhookUrlOf } from '../messaging/messaging-platform';
import { callTelegram, TelegramApiError } from './telegram-api';
import { telegramChannel } from './telegram-channel';
import { telegramFileRoutes } from './telegram-file.routes';
import { telegramWebhookRoutes } from './telegram-webhook.routes';
import { telegramWebhookSecret } from './telegram-webhook-secret';

export const TELEGRAM_MESSAGES = {
  tokenRefused: 'Telegram did not accept this access token.',
  unreachable: 'Telegram could not be reached. Please try again later.',
  webhookRefused: (description: string) => `Telegram did not accept the webhook: ${description}`,
} as const;

/** The updates the bot reads: messages and button presses. */
const ALLOWED_UPDATES = ['message', 'callback_query'];

/** A refused token or webhook leaves the bot disconnected: stored before the error reaches the user. */
async function markNotValidated(ctx: AppContext, keys: PlatformKeys) {
  const scope = ctx.repos.forTenant(keys.bot.tenantId);
  await storePlatformKeys(ctx, scope, keys.bot, telegramPlatform, { ...keys.values, isValidated: false });
}

async function validateAndRegister(ctx: AppContext, keys: PlatformKeys, token: string): Promise<void> {
  try {
    await callTelegram(ctx, token, 'getMe');
  } catch (error) {
    if (error instanceof TelegramApiError && error.errorCode >= 400 && error.errorCode < 500)
      throw new AppError('validation_error', TELEGRAM_MESSAGES.tokenRefused, { fieldName: 'accessToken' });
    throw new AppError('configuration_error', TELEGRAM_MESSAGES.unreachable, {}, 502);
  }
  try {
    await callTelegram(ctx, token, 'setWebhook', {
      url: webhookUrlOf(ctx, 'telegram', keys.webhookId),
      secret_token: telegramWebhookSecret(ctx, keys.webhookId),
      allowed_updates: ALLOWED_UPDATES,
    });
  } catch (error) {
    if (error instanceof TelegramApiError && error.errorCode >= 400 && error.errorCode < 500)
      throw new AppError('configuration_error', TELEGRAM_MESSAGES.webhookRefused(error.description));
    throw new AppError('configuration_error', TELEGRAM_MESSAGES.unreachable, {}, 502);
  }
}

/**
 * Telegram's keys and webhook (issue 14). Saving with a token checks it with getMe and points
 * the bot's updates at Parley with setWebhook and a secret token; isValidated says whether both
 * worked (the dialog's 'Connected').
 */
export const telegramPlatform = definePlatform({
  id: 'telegram',
  keys: TELEGRAM_KEYS,
  channels: { telegram: telegramChannel },
  async afterSave(ctx, keys) {
    // Every save with a token asks Telegram: a new token is checked, and the same one saved again
    // takes the webhook back (another tool set its own) or connects after an outage.
    const token = keys.values.accessToken;
    if (typeof token !== 'string' || token === '') return { isValidated: false };
    try {
      await validateAndRegister(ctx, keys, token);
    } catch (error) {
      await markNotValidated(ctx, keys);
      throw error;
    }
    return { isValidated: true };
  },
  routes(app, ctx) {
    telegramWebhookRoutes(app, ctx, telegramPlatform);
    telegramFileRoutes(app, ctx, telegramPlatform);
  },
});
