import {
  apiKeyIdSchema,
  generateApiKeyBodySchema,
  Permission,
  updateApiKeysBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  deleteApiKey,
  externalApiSettings,
  generateApiKey,
  updateApiKeys,
} from '../services/external-api/api-keys.service';
import { botChannelRegistration } from '../services/external-api/bot-channel-registration.service';

type BotParams = { Params: { bot: string } };

/** The External API dialog: Manage API keys (29) on the bot. */
const MANAGE_KEYS: Access = { botPermission: Permission.ManageApiKeys };

/**
 * The External API channel's keys (spec 04 sections 3.4, 7.1; the GET's path is ours:
 * docs/decisions.md 'External API channel'). The channel itself speaks Direct Line under
 * /v3/directline (direct-line.routes.ts).
 */
export function externalApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/external/:bot/api-keys', { config: { access: MANAGE_KEYS } }, async (request) =>
    externalApiSettings(ctx, principalOf(request), botOf(request)),
  );

  // The bot page's 'keys with externalApiKeys' (spec 02 section 7): hints only, for whoever may
  // test the bot or manage its keys.
  app.get<BotParams>(
    '/api/bots/:bot/bcr',
    { config: { access: { botPermission: [Permission.TestBot, Permission.ManageApiKeys] } } },
    async (request) => botChannelRegistration(ctx, principalOf(request), botOf(request)),
  );

  app.post<BotParams>(
    '/api/external/:bot/api-key/generate',
    { config: { access: MANAGE_KEYS } },
    async (request) => {
      parseInput(generateApiKeyBodySchema, request.body);
      return generateApiKey(principalOf(request), botOf(request));
    },
  );

  app.put<BotParams>(
    '/api/external/:bot/api-key/update',
    { config: { access: MANAGE_KEYS } },
    async (request, reply) => {
      await updateApiKeys(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(updateApiKeysBodySchema, request.body),
      );
      return reply.status(204).send();
    },
  );

  app.delete<{ Params: { bot: string; keyId: string } }>(
    '/api/external/:bot/api-key/:keyId',
    { config: { access: MANAGE_KEYS } },
    async (request, reply) => {
      const { keyId } = parseInput(z.object({ keyId: apiKeyIdSchema }), request.params);
      await deleteApiKey(ctx, principalOf(request), botOf(request), keyId);
      return reply.status(204).send();
    },
  );
}
