import { TEAMS_KEYS } from '@parley/contracts';
import type { MessagingPlatform } from '../messaging/messaging-platform';

/** teams's keys, webhooks and calls (issue 14). */
export const teamsPlatform: MessagingPlatform = {
  id: 'teams',
  keys: TEAMS_KEYS,
};
