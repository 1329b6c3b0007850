import {
  CHANNELS,
  type ChannelDeclaration,
  type ChannelId,
  type ConnectionKind,
  type SettingsDialog,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { alexaChannel } from './alexa/alexa-channel';
import { apiChannel } from './api-channel';
import type { ChannelPlugin } from './channel-plugin';
import { chatBubbleChannel } from './chat-bubble-channel';
import { facebookChannel } from './facebook/facebook-channel';
import { mailChannel } from './mail/mail-channel';
import { slackChannel } from './slack/slack-channel';
import { teamsChannel } from './teams/teams-channel';
import { telegramChannel } from './telegram/telegram-channel';
import { twilioMessagesChannel } from './twilio/twilio-messages-channel';
import { twilioVoiceChannel } from './twilio/twilio-voice-channel';

/**
 * Every channel Parley runs, by its catalogue id; a catalogue channel without a plug-in here can
 * be listed and requested, but never connected.
 */
// biome-ignore lint/suspicious/noExplicitAny: each plug-in has its own platform's message types.
type AnyChannelPlugin = ChannelPlugin<any, any>;
export const CHANNEL_PLUGINS = {
  chatBubble: chatBubbleChannel,
  api: apiChannel,
  telegram: telegramChannel,
  slack: slackChannel,
  teams: teamsChannel,
  facebook: facebookChannel,
  twilio: twilioMessagesChannel,
  twilioVoice: twilioVoiceChannel,
  mail: mailChannel,
  alexa: alexaChannel,
} satisfies Partial<Record<ChannelId, AnyChannelPlugin>>;

const pluginOf = (id: string): ChannelPlugin<unknown, unknown> | undefined =>
  (CHANNEL_PLUGINS as Partial<Record<string, ChannelPlugin<unknown, unknown>>>)[id];

/**
 * The plug-in of a channel id; with forConversations, also the plug-in whose conversations take
 * place on that channel (a WhatsApp conversation is Twilio Messages').
 */
export function channelPluginOf(
  id: string,
  options: { forConversations?: boolean } = {},
): ChannelPlugin<unknown, unknown> | undefined {
  const own = pluginOf(id);
  if (own || !options.forConversations) return own;
  return Object.values(CHANNEL_PLUGINS as Record<string, ChannelPlugin<unknown, unknown>>).find((plugin) =>
    (plugin.conversationChannels as readonly string[] | undefined)?.includes(id),
  );
}

/** Whether the bot's own settings connect the channel. */
export async function isChannelConnected(scope: TenantScope, bot: Bot, id: string): Promise<boolean> {
  const plugin = pluginOf(id);
  return plugin ? plugin.isConnected(scope, bot) : false;
}

/** A channel takes traffic only while the bot has it added and enabled on the Configuration tab. */
export async function isChannelEnabled(
  scope: TenantScope,
  bot: Pick<Bot, 'id'>,
  id: ChannelId,
): Promise<boolean> {
  return scope.botConnections(bot.id).isEnabled('channel', id);
}

/**
 * The settings dialog a connection offers: its declared one once Parley runs the channel (a
 * plug-in here); until then none, so it opens the generic dialog and can be requested instead.
 */
export function settingsDialogOf(kind: ConnectionKind, id: string): SettingsDialog | null {
  if (kind !== 'channel' || !pluginOf(id)) return null;
  return (CHANNELS as Record<string, ChannelDeclaration>)[id]?.settingsDialog ?? null;
}
