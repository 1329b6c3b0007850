import { TELEGRAM_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** telegram's keys, webhooks and calls (issue 14). */
export const telegramPlatform: MessagingPlatform = {
  id: 'telegram',
  keys: TELEGRAM_KEYS,
};
