import {
  CHANNELS,
  type ChannelDeclaration,
  type ChannelId,
  type ConnectionKind,
  type SettingsDialog,
} from '@parley/contracts';
import type { Bot, TenantScope } from '@parley/db';
import { apiChannel } from './api-channel';
import type { ChannelPlugin } from './channel-plugin';
import { chatBubbleChannel } from './chat-bubble-channel';

/**
 * Every channel Parley runs, by its catalogue id; a catalogue channel without a plug-in here can
 * be listed and requested, but never connected.
 */
// biome-ignore lint/suspicious/noExplicitAny: each plug-in has its own platform's message types.
type AnyChannelPlugin = ChannelPlugin<any, any>;
export const CHANNEL_PLUGINS = { chatBubble: chatBubbleChannel, api: apiChannel } satisfies Partial<
  Record<ChannelId, AnyChannelPlugin>
>;

const pluginOf = (id: string): ChannelPlugin<unknown, unknown> | undefined =>
  (CHANNEL_PLUGINS as Partial<Record<string, ChannelPlugin<unknown, unknown>>>)[id];

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
