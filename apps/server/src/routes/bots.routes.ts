import { botFileNames, createBotBodySchema, Permission, validationError } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  deleteBot,
  getBot,
  getBotPermissions,
  hideSnippetMigrationBanner,
  listBotIdNames,
  listBotIds,
  listBots,
} from '../services/bots/bot.service';
import { botLimit, createBot } from '../services/bots/bot-creation.service';
import { type BotCsv, consentCsv, messageHistoryCsv } from '../services/bots/bot-logs.service';
import { listBotTemplates } from '../services/bots/bot-templates.service';

type BotParams = { Params: { bot: string } };

const sendCsv = (reply: FastifyReply, { csv }: BotCsv, fileName: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);

/** The bot overview, the create dialog and the bot page frame (spec 01 section 7 'Bots', spec 02 'Bot page'). */
export function botsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/bots', { config: { access: 'authenticated' } }, async (request) =>
    listBots(principalOf(request)),
  );

  app.get('/api/bots/templates', { config: { access: 'authenticated' } }, async () => listBotTemplates());

  app.get('/api/bots/id-name', { config: { access: 'authenticated' } }, async (request) =>
    listBotIdNames(principalOf(request)),
  );

  // Other tenants only for master administrators; the service decides.
  app.get<{ Querystring: { tenantId?: unknown } }>(
    '/api/bots/ids',
    { config: { access: 'authenticated' } },
    async (request) => {
      const { tenantId } = request.query;
      if (tenantId !== undefined && typeof tenantId !== 'string')
        throw validationError('tenantId', 'tenantId is not valid.');
      return listBotIds(
        ctx,
        principalOf(request),
        tenantId ? textParam(tenantId, 'tenantId', 100) : undefined,
      );
    },
  );

  app.get('/api/bots/limit', { config: { access: 'authenticated' } }, async (request) =>
    botLimit(ctx, principalOf(request)),
  );

  // Creating needs no bot permission (there is no bot yet); the plan's cap applies.
  app.post('/api/bot', { config: { access: 'authenticated' } }, async (request) =>
    createBot(ctx, principalOf(request), parseInput(createBotBodySchema, request.body)),
  );

  app.get<BotParams>('/api/bots/:bot', { config: { access: 'botMember' } }, async (request) =>
    getBot(ctx, principalOf(request), botOf(request)),
  );

  app.get<BotParams>('/api/bots/:bot/permissions', { config: { access: 'botMember' } }, async (request) =>
    getBotPermissions(principalOf(request), botOf(request)),
  );

  app.delete<BotParams>(
    '/api/bots/:bot',
    { config: { access: { botPermission: Permission.DeleteBot } } },
    async (request, reply) => {
      await deleteBot(ctx, principalOf(request), botOf(request));
      return reply.status(204).send();
    },
  );

  app.put<BotParams>(
    '/api/bots/:bot/hide-snippet-migration-banner',
    { config: { access: 'botMember' } },
    async (request, reply) => {
      await hideSnippetMigrationBanner(principalOf(request), botOf(request));
      return reply.status(204).send();
    },
  );

  app.get<BotParams>(
    '/api/bots/:bot/message-history',
    { config: { access: { botPermission: Permission.ExportLogs } } },
    async (request, reply) => {
      const file = await messageHistoryCsv(principalOf(request), botOf(request));
      return sendCsv(reply, file, botFileNames.messageHistory(file.botName));
    },
  );

  app.get<BotParams>(
    '/api/bots/:bot/consent',
    { config: { access: { botPermission: Permission.ExportLogs } } },
    async (request, reply) => {
      const file = await consentCsv(principalOf(request), botOf(request));
      return sendCsv(reply, file, botFileNames.consent(file.botName));
    },
  );
}
