import { FACEBOOK_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** facebook's keys, webhooks and calls (issue 14). */
export const facebookPlatform: MessagingPlatform = {
  id: 'facebook',
  keys: FACEBOOK_KEYS,
};
