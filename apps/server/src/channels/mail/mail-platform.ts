import { MAIL_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** mail's keys, webhooks and calls (issue 14). */
export const mailPlatform: MessagingPlatform = {
  id: 'mail',
  keys: MAIL_KEYS,
};
