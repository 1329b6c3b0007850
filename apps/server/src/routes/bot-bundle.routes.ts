import {
  BOT_BUNDLE_FILE_FIELD,
  BOT_BUNDLE_MAX_BYTES,
  BOT_BUNDLE_MESSAGES,
  BOT_BUNDLE_PASSPHRASE_FIELD,
  exportBotBodySchema,
  importBotQuerySchema,
  Permission,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendAttachment } from '../http/attachment';
import { readUploadedFile } from '../http/multipart';
import { parseInput } from '../http/validate';
import { exportBot } from '../services/bots/bot-export.service';
import { importBot, stageBotImport } from '../services/bots/bot-import.service';

/** The import form's passphrase field: the rules of the export's. */
const importPassphraseSchema = exportBotBodySchema;

const readBotFile = (request: FastifyRequest) =>
  readUploadedFile(request, BOT_BUNDLE_FILE_FIELD, BOT_BUNDLE_MAX_BYTES, BOT_BUNDLE_MESSAGES.fileMissing);

/**
 * Export and import of whole bots (spec 01 section 7 'Bots'). Importing needs what creating
 * needs (a signed-in user, the plan's cap); exporting needs ExportBots on the bot. Both need the
 * plan's hasImportExport.
 */
export function botBundleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { bot: string } }>(
    '/api/bots/:bot/export',
    { config: { access: { botPermission: Permission.ExportBots } } },
    async (request, reply) => {
      const file = await exportBot(ctx, principalOf(request), botOf(request));
      return sendAttachment(reply, file.fileName, 'application/octet-stream', file.data);
    },
  );

  // The same with the functions' credentials sealed under the user's passphrase.
  app.post<{ Params: { bot: string } }>(
    '/api/bots/:bot/export',
    { config: { access: { botPermission: Permission.ExportBots } } },
    async (request, reply) => {
      const { passphrase } = parseInput(exportBotBodySchema, request.body);
      const file = await exportBot(ctx, principalOf(request), botOf(request), passphrase);
      return sendAttachment(reply, file.fileName, 'application/octet-stream', file.data);
    },
  );

  app.post('/api/bots/import/staging', { config: { access: 'authenticated' } }, async (request) =>
    stageBotImport(ctx, principalOf(request), await readBotFile(request)),
  );

  app.post('/api/bots/import', { config: { access: 'authenticated' } }, async (request) => {
    // The choices first: bad input is reported before the file is read.
    const choice = parseInput(importBotQuerySchema, request.query);
    const file = await readBotFile(request);
    const given = file.fields?.[BOT_BUNDLE_PASSPHRASE_FIELD];
    const { passphrase } = given ? parseInput(importPassphraseSchema, { passphrase: given }) : {};
    return importBot(ctx, principalOf(request), choice, file, passphrase);
  });
}
