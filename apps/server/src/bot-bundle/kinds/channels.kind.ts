import { CONNECTION_CATALOGUES, type ConnectionKind, channelsSectionSchema } from '@parley/contracts';
import { isChannelConnected } from '../../services/channels/channel-plugins';
import { defineBundleKind } from '../bundle-kind';

/**
 * The channels and connectors a bot lists (its Configuration tab), without their secrets:
 * tokens, passwords and keys stay where they were set up. Each arrives listed and disabled (it
 * is not connected in the new bot, and the plan's enabled maximum is the new tenant's to
 * spend) and says whether it was connected where it was exported.
 */
export const channelsKind = defineBundleKind({
  section: 'channels',
  schema: channelsSectionSchema,
  export: async ({ bot, scope }) =>
    Promise.all(
      (await scope.botConnections(bot.id).list()).flatMap((row) => {
        const kind = row.kind as ConnectionKind;
        const declaration = CONNECTION_CATALOGUES[kind]?.[row.connectionId];
        if (!declaration) return [];
        return [
          (async () => ({
            type: row.connectionId,
            name: declaration.name,
            connected: kind === 'channel' ? await isChannelConnected(scope, bot, row.connectionId) : false,
            kind,
          }))(),
        ];
      }),
    ),
  import: async ({ bot, scope }, channels) => {
    for (const channel of channels) await scope.botConnections(bot.id).add(channel.kind, channel.type, false);
  },
  summary: (channels) => ({
    channels,
    counts: { channels: channels.length, connectedChannels: channels.filter((c) => c.connected).length },
  }),
});
