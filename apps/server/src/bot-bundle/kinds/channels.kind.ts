import { channelsSectionSchema } from '@parley/contracts';
import { defineBundleKind } from '../bundle-kind';

/**
 * Channels without their secrets (tokens, passwords and keys stay where they were set up; a
 * channel arrives unconnected and says whether it was connected). Bots have no channels until
 * the channels issue, which fills this declaration in.
 */
export const channelsKind = defineBundleKind({
  section: 'channels',
  schema: channelsSectionSchema,
  export: async () => [],
  import: async () => undefined,
  summary: (channels) => ({
    channels,
    counts: { channels: channels.length, connectedChannels: channels.filter((c) => c.connected).length },
  }),
});
