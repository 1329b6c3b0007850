import { type InboundActivity, inboundActivitySchema } from '@parley/contracts';
import {
  type BotFrameworkActivity,
  botActivityOf,
  inboundActivityOf,
} from '../external-api/direct-line-activities';
import type { ChannelPlugin } from './channel-plugin';
import { definePlatform } from './define-platform';

/**
 * The External API channel (spec 04 section 3.4; issue 13): Bot Framework Direct Line 3.0 at
 * /v3/directline, opened with one of the bot's API keys (services/external-api). It is connected
 * while the bot has an unlocked key. The plug-in's conversions are Direct Line's own; files the
 * bot sends are addressed by the Direct Line routes, which know the conversation.
 */
export const apiChannel: ChannelPlugin<Record<string, unknown>, BotFrameworkActivity, 'api'> = {
  id: 'api',
  async isConnected(scope, bot) {
    return (await scope.externalApi(bot.id).listKeys()).some((key) => !key.isLocked);
  },
  toActivity(inbound): InboundActivity | undefined {
    const parsed = inboundActivitySchema.safeParse(inboundActivityOf(inbound));
    return parsed.success ? parsed.data : undefined;
  },
  toOutbound(activity) {
    return [botActivityOf(activity, (fileId) => `files/${encodeURIComponent(fileId)}`)];
  },
};

/** A web channel: its settings are the bot's API keys, its routes Direct Line's (direct-line.routes.ts). */
export const apiPlatform = definePlatform({ channels: { api: apiChannel } });
