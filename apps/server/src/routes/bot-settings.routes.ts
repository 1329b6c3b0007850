import {
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  GENERAL_SETTINGS_PERMISSION,
  generalSettingsBodySchema,
  GENERAL_SETTINGS_MESSAGES as M,
  systemMessagesBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { parseInput } from '../http/validate';
import {
  readBotAvatar,
  removeBotAvatar,
  saveGeneralSettings,
  saveSystemMessages,
  uploadBotAvatar,
} from '../services/bots/bot-settings.service';

type BotParams = { Params: { bot: string } };

/** Saving the General Settings and System Messages tabs: Manage general settings (17). */
const SAVE: Access = { botPermission: GENERAL_SETTINGS_PERMISSION };

/**
 * The General Settings and System Messages tabs (spec 04 sections 2.3, 5; paths not shown by the
 * spec, docs/decisions.md 'Bot settings: General and System Messages'). Both answer the bot as
 * GET /api/bots/{bot} does, which is also where the tabs read the settings.
 */
export function botSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put<BotParams>('/api/bots/:bot/settings/general', { config: { access: SAVE } }, async (request) =>
    saveGeneralSettings(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(generalSettingsBodySchema, request.body),
    ),
  );

  app.put<BotParams>(
    '/api/bots/:bot/settings/system-messages',
    { config: { access: SAVE } },
    async (request) =>
      saveSystemMessages(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(systemMessagesBodySchema, request.body),
      ),
  );

  app.put<BotParams>('/api/bots/:bot/avatar', { config: { access: SAVE } }, async (request) => {
    const file = await readUploadedFile(
      request,
      AVATAR_FIELD,
      AVATAR_MAX_BYTES,
      M.avatarMissing,
      M.avatarTooBig,
    );
    return uploadBotAvatar(ctx, principalOf(request), botOf(request), file);
  });

  app.delete<BotParams>('/api/bots/:bot/avatar', { config: { access: SAVE } }, async (request) =>
    removeBotAvatar(ctx, principalOf(request), botOf(request)),
  );

  // Whoever may see the bot sees its avatar; the id is the version, so an unchanged one is a 304.
  app.get<BotParams>('/api/bots/:bot/avatar', { config: { access: 'botMember' } }, async (request, reply) => {
    const { avatar, data } = await readBotAvatar(ctx, principalOf(request), botOf(request));
    const etag = `"${avatar.id}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(avatar.contentType).header('x-content-type-options', 'nosniff').send(data);
  });
}
