import { AMAZON_KEYS } from './amazon';
import type { ChannelKeysDeclaration } from './define';
import { FACEBOOK_KEYS } from './facebook';
import { MAIL_KEYS } from './mail';
import { SLACK_KEYS } from './slack';
import { TEAMS_KEYS } from './teams';
import { TELEGRAM_KEYS } from './telegram';
import { TWILIO_KEYS } from './twilio';

export * from './amazon';
export * from './define';
export * from './facebook';
export * from './mail';
export * from './slack';
export * from './teams';
export * from './telegram';
export * from './twilio';

/** Every platform's keys, by the platform's name in the keys calls' paths. */
export const CHANNEL_KEYS = {
  telegram: TELEGRAM_KEYS,
  slack: SLACK_KEYS,
  teams: TEAMS_KEYS,
  facebook: FACEBOOK_KEYS,
  twilio: TWILIO_KEYS,
  amazon: AMAZON_KEYS,
  mail: MAIL_KEYS,
} as const satisfies Record<string, ChannelKeysDeclaration>;
export type ChannelPlatform = keyof typeof CHANNEL_KEYS;

/** The platform whose keys connect a channel. */
export const platformOfChannel = (channel: string): ChannelPlatform | undefined =>
  (Object.keys(CHANNEL_KEYS) as ChannelPlatform[]).find((platform) =>
    (CHANNEL_KEYS[platform].channels as readonly string[]).includes(channel),
  );
