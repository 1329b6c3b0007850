import type { ChannelPlatform, ConnectableChannelId } from '@parley/contracts';
import { alexaPlatform } from './alexa/alexa-platform';
import { apiPlatform } from './api-channel';
import { chatBubblePlatform } from './chat-bubble-channel';
import type { AnyChannelPlugin, PlatformRunning } from './define-platform';
import { facebookPlatform } from './facebook/facebook-platform';
import { mailPlatform } from './mail/mail-platform';
import type { MessagingPlatform } from './messaging/messaging-platform';
import { slackPlatform } from './slack/slack-platform';
import { teamsPlatform } from './teams/teams-platform';
import { telegramPlatform } from './telegram/telegram-platform';
import { twilioPlatform } from './twilio/twilio-platform';

/**
 * Every channel Parley runs, by its catalogue id, with the platform that runs it (define-platform.ts).
 * Typed over every catalogue channel with a settings dialog: a channel without its platform, a
 * platform without a channel's plug-in, or a channel under another's platform does not compile.
 * The plug-ins, the messaging platforms (keys calls, webhook routes) are derived from it.
 */
const channelPlatformTable = () =>
  ({
    chatBubble: chatBubblePlatform,
    api: apiPlatform,
    telegram: telegramPlatform,
    slack: slackPlatform,
    teams: teamsPlatform,
    facebook: facebookPlatform,
    twilio: twilioPlatform,
    twilioVoice: twilioPlatform,
    mail: mailPlatform,
    alexa: alexaPlatform,
  }) as const satisfies { [C in ConnectableChannelId]: PlatformRunning<C> };

export type ChannelPlatformTable = ReturnType<typeof channelPlatformTable>;

interface Registries {
  platforms: ChannelPlatformTable;
  plugins: Record<ConnectableChannelId, AnyChannelPlugin>;
  messaging: Record<ChannelPlatform, MessagingPlatform>;
}

let registries: Registries | undefined;

/**
 * Built at the first call, not at import: the platforms' webhook routes reach the lookups built on
 * this (a message's delivery asks for its plug-in), so this module is imported while they load.
 */
function registriesOf(): Registries {
  if (registries) return registries;
  const platforms = channelPlatformTable();
  const entries = Object.entries(platforms) as [
    ConnectableChannelId,
    ChannelPlatformTable[ConnectableChannelId],
  ][];
  const plugins = Object.fromEntries(
    entries.map(([id, platform]) => [id, (platform.channels as Record<string, AnyChannelPlugin>)[id]]),
  ) as Record<ConnectableChannelId, AnyChannelPlugin>;
  // Every platform of CHANNEL_KEYS connects a channel of the table (its keys name only those), so all are here.
  const messaging = Object.fromEntries(
    entries.flatMap(([, platform]) => (platform.id ? [[platform.id, platform as MessagingPlatform]] : [])),
  ) as Record<ChannelPlatform, MessagingPlatform>;
  registries = { platforms, plugins, messaging };
  return registries;
}

/** The platform that runs each channel, by catalogue id. */
export const channelPlatforms = (): ChannelPlatformTable => registriesOf().platforms;

/** Every channel's plug-in, by catalogue id. */
export const channelPlugins = (): Readonly<Record<ConnectableChannelId, AnyChannelPlugin>> =>
  registriesOf().plugins;

/** Every messaging platform, by its name in the keys calls (contracts CHANNEL_KEYS). */
export const messagingPlatforms = (): Readonly<Record<ChannelPlatform, MessagingPlatform>> =>
  registriesOf().messaging;
