import {
  CHANNEL_KEYS,
  CHANNELS,
  type ChannelId,
  type ConnectableChannelId,
  TELEGRAM_KEYS,
  TWILIO_KEYS,
} from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import { channelPlatforms, channelPlugins, messagingPlatforms } from './channel-platforms';
import { chatBubbleChannel } from './chat-bubble-channel';
import { definePlatform, type PlatformRunning } from './define-platform';
import { slackChannel } from './slack/slack-channel';
import { slackPlatform } from './slack/slack-platform';
import { telegramChannel } from './telegram/telegram-channel';
import { twilioMessagesChannel } from './twilio/twilio-messages-channel';

type PlatformTable = { [C in ConnectableChannelId]: PlatformRunning<C> };

const connectable = (Object.keys(CHANNELS) as ChannelId[]).filter(
  (id) => (CHANNELS[id] as { settingsDialog?: string }).settingsDialog !== undefined,
);

describe('the channel platforms, declared once', () => {
  test('every catalogue channel with a settings dialog has its plug-in, named by its own id', () => {
    const plugins = channelPlugins();
    expect(Object.keys(plugins).sort()).toEqual([...connectable].sort());
    for (const [id, plugin] of Object.entries(plugins)) expect(plugin.id).toBe(id);
  });

  test('every platform of the keys calls is derived, with the plug-ins of the channels its keys connect', () => {
    const platforms = messagingPlatforms();
    expect(Object.keys(platforms).sort()).toEqual(Object.keys(CHANNEL_KEYS).sort());
    for (const [id, platform] of Object.entries(platforms)) {
      expect(platform.id).toBe(id);
      expect(platform.keys).toBe(CHANNEL_KEYS[id as keyof typeof CHANNEL_KEYS]);
      for (const channel of platform.keys.channels) expect(channelPlatforms()[channel]).toBe(platform);
    }
    expect(channelPlatforms().twilioVoice).toBe(channelPlatforms().twilio);
  });

  test('a platform with a missing or misplaced part does not compile', () => {
    // A platform brings the plug-in of every channel its keys connect (Twilio: Messages and Voice).
    // @ts-expect-error twilioVoice's plug-in is missing
    definePlatform({ id: 'twilio', keys: TWILIO_KEYS, channels: { twilio: twilioMessagesChannel } });
    // @ts-expect-error a plug-in under another channel's id
    definePlatform({ id: 'telegram', keys: TELEGRAM_KEYS, channels: { telegram: slackChannel } });
    // @ts-expect-error the keys of another platform
    definePlatform({ id: 'telegram', keys: TWILIO_KEYS, channels: { telegram: telegramChannel } });
    // @ts-expect-error a channel connected by keys is no web channel
    definePlatform({ channels: { telegram: telegramChannel } });

    const { alexa: _alexa, ...withoutAlexa } = channelPlatforms();
    // @ts-expect-error a channel Parley runs without its platform
    withoutAlexa satisfies PlatformTable;
    // @ts-expect-error a channel under another channel's platform
    ({ ...channelPlatforms(), telegram: slackPlatform }) satisfies PlatformTable;
    const chatBubble = definePlatform({ channels: { chatBubble: chatBubbleChannel } });
    ({ ...channelPlatforms(), chatBubble }) satisfies PlatformTable;
    expect(chatBubble.channels.chatBubble).toBe(chatBubbleChannel);
  });
});
