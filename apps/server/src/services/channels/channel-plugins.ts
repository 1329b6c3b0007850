import {
  CHANNELS,
  type ChannelDeclaration,
  type ChannelId,
  type ConnectionKind,
  type SettingsDialog,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { channelPlugins } from './channel-platforms';
import type { ChannelPlugin } from './channel-plugin';

/**
 * The plug-in of a catalogue channel Parley runs (channel-platforms.ts); a catalogue channel
 * without one can be listed and requested, but never connected.
 */
const pluginOf = (id: string): ChannelPlugin<unknown, unknown> | undefined => {
  const plugins = channelPlugins() as Record<string, ChannelPlugin<unknown, unknown>>;
  return Object.hasOwn(plugins, id) ? plugins[id] : undefined;
};

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
  return Object.values(channelPlugins() as Record<string, ChannelPlugin<unknown, unknown>>).find((plugin) =>
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
