import { SLACK_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** slack's keys, webhooks and calls (issue 14). */
export const slackPlatform: MessagingPlatform = {
  id: 'slack',
  keys: SLACK_KEYS,
};
