import {
  CHANNELS,
  type ContentKind,
  type ChannelCapabilities as Limits,
  type Severity,
} from '@parley/contracts';

/**
 * What each channel can show (spec 03 section 9), read from the one channel catalogue of
 * @parley/contracts: the flow editor's channel-restrictions indicator checks a flow against the
 * same declaration the Configuration tab lists and the channel plug-ins name.
 */
export type { ContentKind, Severity };

export interface ChannelCapabilities extends Limits {
  name: string;
}

/** The channels whose declaration limits what a flow may send. */
export type RestrictedChannel = {
  [K in keyof typeof CHANNELS]: (typeof CHANNELS)[K] extends { capabilities: object } ? K : never;
}[keyof typeof CHANNELS];

export const CHANNEL_CAPABILITIES = Object.fromEntries(
  Object.entries(CHANNELS).flatMap(([id, declaration]) =>
    'capabilities' in declaration ? [[id, { name: declaration.name, ...declaration.capabilities }]] : [],
  ),
) as Record<RestrictedChannel, ChannelCapabilities>;

export const CONTENT_NAMES: Record<ContentKind, string> = {
  gif: 'images',
  attachment: 'attachments',
  adaptiveCard: 'adaptive cards',
};
