import { AMAZON_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** alexa's keys, webhooks and calls (issue 14). */
export const alexaPlatform: MessagingPlatform = {
  id: 'amazon',
  keys: AMAZON_KEYS,
};
