import { CHANNEL_KEYS, type ChannelPlatform } from '@parley/contracts';
import { api } from '../../../api/client';
import { BOT_KEYS } from '../../bots';

/** The keys calls of spec 04 section 7.1: GET and PUT /api/{platform}/{botName}/keys. */
export const channelKeysPath = (platform: ChannelPlatform, botName: string) =>
  `/api/${CHANNEL_KEYS[platform].path}/${encodeURIComponent(botName)}/keys`;

export const channelKeysKey = (botName: string, platform: ChannelPlatform) => [
  ...BOT_KEYS.bot(botName),
  'channel-keys',
  platform,
];

export type ChannelKeysAnswer = Record<string, unknown>;

export const readChannelKeys = (botName: string, platform: ChannelPlatform, signal?: AbortSignal) =>
  api.get<ChannelKeysAnswer>(channelKeysPath(platform, botName), signal);

export const saveChannelKeys = (botName: string, platform: ChannelPlatform, keys: ChannelKeysAnswer) =>
  api.put<ChannelKeysAnswer>(channelKeysPath(platform, botName), keys);
