import {
  botConfigurationBodySchema,
  CONFIGURATION_PERMISSIONS,
  connectionRequestBodySchema,
  connectionRequestTypeSchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  getBotConfiguration,
  requestConnection,
  saveBotConfiguration,
} from '../services/channels/bot-configuration.service';

type BotParams = { Params: { bot: string } };

/** Any of the three list permissions opens a save; the service checks each part's own. */
const CHANGE = {
  botPermission: [
    CONFIGURATION_PERMISSIONS.channel,
    CONFIGURATION_PERMISSIONS.system,
    CONFIGURATION_PERMISSIONS.engines,
  ],
} as const;

/** The Configuration tab (spec 04 sections 2.3, 4 and 7; docs/decisions.md 'Configuration tab'). */
export function botConfigurationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/bots/:bot/configuration', { config: { access: 'botMember' } }, async (request) =>
    getBotConfiguration(ctx, principalOf(request), botOf(request)),
  );

  app.post<BotParams>('/api/bots/:bot/configuration', { config: { access: CHANGE } }, async (request) =>
    saveBotConfiguration(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(botConfigurationBodySchema, request.body),
    ),
  );

  app.post<{ Params: { bot: string; type: string } }>(
    '/api/bots/:bot/request/:type',
    {
      config: {
        access: { botPermission: [CONFIGURATION_PERMISSIONS.channel, CONFIGURATION_PERMISSIONS.system] },
      },
    },
    async (request) => {
      const type = parseInput(connectionRequestTypeSchema, request.params.type);
      const { name } = parseInput(connectionRequestBodySchema, request.body);
      return requestConnection(ctx, principalOf(request), botOf(request), type, name);
    },
  );
}
