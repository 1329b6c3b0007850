import { Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { loadBot } from '../services/bots/bot-access.service';
import { messagingPlatforms } from '../services/channels/channel-platforms';
import {
  keysViewOf,
  readPlatformKeys,
  saveKeysFromUser,
} from '../services/channels/messaging/channel-keys.service';

type BotParams = { Params: { bot: string } };
const MANAGE_CHANNELS = { config: { access: { botPermission: [Permission.ManageChannels] } } } as const;

/**
 * GET and PUT /api/{platform}/{botName}/keys for every messaging platform (spec 04 section 7.1),
 * derived from the platforms' declarations; ManageChannels opens them (section 6).
 */
export function channelKeysRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const platform of Object.values(messagingPlatforms())) {
    const path = `/api/${platform.keys.path}/:bot/keys`;
    app.get<BotParams>(path, MANAGE_CHANNELS, async (request) => {
      const principal = principalOf(request);
      const bot = await loadBot(principal, botOf(request));
      return keysViewOf(ctx, platform, await readPlatformKeys(ctx, principal.scope, bot, platform));
    });
    if (!platform.keys.isWritable) continue;
    app.put<BotParams>(path, MANAGE_CHANNELS, async (request) => {
      const principal = principalOf(request);
      const bot = await loadBot(principal, botOf(request));
      return saveKeysFromUser(ctx, principal.scope, bot, platform, request.body);
    });
  }
}
