import type { ChannelPlatform } from '@parley/contracts';
import { alexaPlatform } from '../alexa/alexa-platform';
import { facebookPlatform } from '../facebook/facebook-platform';
import { mailPlatform } from '../mail/mail-platform';
import { slackPlatform } from '../slack/slack-platform';
import { teamsPlatform } from '../teams/teams-platform';
import { telegramPlatform } from '../telegram/telegram-platform';
import { twilioPlatform } from '../twilio/twilio-platform';
import type { MessagingPlatform } from './messaging-platform';

/** Every messaging platform, by its name in the keys calls (contracts CHANNEL_KEYS). */
export const MESSAGING_PLATFORMS = {
  telegram: telegramPlatform,
  slack: slackPlatform,
  teams: teamsPlatform,
  facebook: facebookPlatform,
  twilio: twilioPlatform,
  mail: mailPlatform,
  amazon: alexaPlatform,
} satisfies Record<ChannelPlatform, MessagingPlatform>;
