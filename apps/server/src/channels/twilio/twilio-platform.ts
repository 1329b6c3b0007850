import { TWILIO_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** twilio's keys, webhooks and calls (issue 14). */
export const twilioPlatform: MessagingPlatform = {
  id: 'twilio',
  keys: TWILIO_KEYS,
};
