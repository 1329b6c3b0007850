import {
  addExampleBodySchema,
  changeIntentNameBodySchema,
  createIntentBodySchema,
  FAQ_FILE_FIELD,
  generateUtterancesBodySchema,
  INTENT_BATCH_FILE_FIELD,
  INTENT_BATCH_FILE_MAX_BYTES,
  INTENT_BATCH_TEMPLATE_FILE,
  INTENT_FILE_FIELD,
  INTENT_FILE_MAX_BYTES,
  INTENT_MESSAGES,
  isPatternBodySchema,
  Permission,
  patchIntentBodySchema,
  updateExampleBodySchema,
  updateIntentDescriptionBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendAttachment } from '../http/attachment';
import { readUploadedFile } from '../http/multipart';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { batchImportIntents } from '../services/content/intent-batch-import.service';
import {
  addExample,
  deleteExample,
  isPattern,
  updateExample,
} from '../services/content/intent-examples.service';
import { exportIntent, importIntent, stageIntentImport } from '../services/content/intent-files.service';
import { intentWorkbookTemplate, XLSX_CONTENT_TYPE } from '../services/content/intent-workbook';
import {
  createIntent,
  deleteIntent,
  listIntentSummaries,
  listIntents,
  patchIntent,
  readIntent,
  renameIntent,
  updateIntentDescription,
} from '../services/content/intents.service';
import {
  generateIntentUtterances,
  generateNewIntentUtterances,
} from '../services/content/utterance-generation.service';

type BotParams = { Params: { bot: string } };
type IntentParams = { Params: { bot: string; intent: string } };
type ExampleParams = { Params: { bot: string; intent: string; id: string } };

/** Editing intents: ManageIntents, or PublishIntentsAndEntities which allows it too (spec 02 section 6). */
const MANAGE: Access = { botPermission: [Permission.ManageIntents, Permission.PublishIntentsAndEntities] };
const EXPORT: Access = { botPermission: Permission.ExportIntents };

const intentParam = (value: string) => textParam(value, 'intent', 200);

/** Intents and their examples (spec 02 section 7 'Intents'), and Auto generate's proposals. */
export function intentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // `?view=summary` leaves the examples out: the list of a bot with hundreds of intents.
  app.get<BotParams & { Querystring: { view?: string } }>(
    '/api/:bot/intents',
    { config: { access: 'botMember' } },
    async (request) =>
      request.query.view === 'summary'
        ? listIntentSummaries(principalOf(request), botOf(request))
        : listIntents(principalOf(request), botOf(request)),
  );

  app.get<IntentParams>('/api/:bot/intents/:intent', { config: { access: 'botMember' } }, async (request) =>
    readIntent(principalOf(request), botOf(request), intentParam(request.params.intent)),
  );

  app.post<BotParams>('/api/:bot/intents', { config: { access: MANAGE } }, async (request) =>
    createIntent(ctx, principalOf(request), botOf(request), parseInput(createIntentBodySchema, request.body)),
  );

  app.post<BotParams>(
    '/api/:bot/intents/utterances/generate',
    { config: { access: MANAGE } },
    async (request) =>
      generateNewIntentUtterances(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(generateUtterancesBodySchema, request.body ?? {}),
      ),
  );

  app.put<IntentParams>(
    '/api/:bot/intents/:intent/utterances/generate',
    { config: { access: MANAGE } },
    async (request) =>
      generateIntentUtterances(ctx, principalOf(request), botOf(request), intentParam(request.params.intent)),
  );

  app.put<BotParams>('/api/:bot/intents/change-name', { config: { access: MANAGE } }, async (request) =>
    renameIntent(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(changeIntentNameBodySchema, request.body),
    ),
  );

  app.post<BotParams>(
    '/api/:bot/intents/update-description',
    { config: { access: MANAGE } },
    async (request) =>
      updateIntentDescription(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(updateIntentDescriptionBodySchema, request.body),
      ),
  );

  app.patch<IntentParams>('/api/:bot/intents/:intent', { config: { access: MANAGE } }, async (request) =>
    patchIntent(
      ctx,
      principalOf(request),
      botOf(request),
      intentParam(request.params.intent),
      parseInput(patchIntentBodySchema, request.body),
    ),
  );

  app.delete<IntentParams>(
    '/api/:bot/intents/:intent',
    { config: { access: MANAGE } },
    async (request, reply) => {
      await deleteIntent(ctx, principalOf(request), botOf(request), intentParam(request.params.intent));
      return reply.status(204).send();
    },
  );

  app.get<IntentParams>(
    '/api/:bot/intents/:intent/export',
    { config: { access: EXPORT } },
    async (request, reply) => {
      const file = await exportIntent(
        principalOf(request),
        botOf(request),
        intentParam(request.params.intent),
      );
      return sendAttachment(reply, file.fileName, 'application/json; charset=utf-8', file.json);
    },
  );

  // --- examples ----------------------------------------------------------------------------

  app.post<IntentParams>(
    '/api/:bot/intents/:intent/examples',
    { config: { access: MANAGE } },
    async (request) =>
      addExample(
        ctx,
        principalOf(request),
        botOf(request),
        intentParam(request.params.intent),
        parseInput(addExampleBodySchema, request.body),
      ),
  );

  app.put<IntentParams>(
    '/api/:bot/intents/:intent/examples',
    { config: { access: MANAGE } },
    async (request) =>
      updateExample(
        ctx,
        principalOf(request),
        botOf(request),
        intentParam(request.params.intent),
        parseInput(updateExampleBodySchema, request.body),
      ),
  );

  for (const kind of ['utterance', 'pattern'] as const) {
    app.delete<ExampleParams>(
      `/api/:bot/intents/:intent/${kind}s/:id`,
      { config: { access: MANAGE } },
      async (request) =>
        deleteExample(
          ctx,
          principalOf(request),
          botOf(request),
          intentParam(request.params.intent),
          kind,
          textParam(request.params.id, 'id', 100),
        ),
    );
  }

  app.post('/api/examples/is-pattern', { config: { access: 'authenticated' } }, async (request) =>
    isPattern(parseInput(isPatternBodySchema, request.body)),
  );

  // --- files -------------------------------------------------------------------------------

  app.post('/api/intents/import/staging', { config: { access: 'authenticated' } }, async (request) =>
    stageIntentImport(
      await readUploadedFile(
        request,
        INTENT_FILE_FIELD,
        INTENT_FILE_MAX_BYTES,
        INTENT_MESSAGES.fileMissing(INTENT_FILE_FIELD),
      ),
    ),
  );

  app.post<IntentParams>(
    '/api/:bot/intents/:intent/import',
    { config: { access: MANAGE } },
    async (request) =>
      importIntent(
        ctx,
        principalOf(request),
        botOf(request),
        intentParam(request.params.intent),
        await readUploadedFile(
          request,
          INTENT_FILE_FIELD,
          INTENT_FILE_MAX_BYTES,
          INTENT_MESSAGES.fileMissing(INTENT_FILE_FIELD),
        ),
      ),
  );

  app.post<BotParams>('/api/:bot/intents/batch-import', { config: { access: MANAGE } }, async (request) => {
    const file = await readUploadedFile(
      request,
      INTENT_BATCH_FILE_FIELD,
      INTENT_BATCH_FILE_MAX_BYTES,
      INTENT_MESSAGES.fileMissing(INTENT_BATCH_FILE_FIELD),
    );
    return batchImportIntents(ctx, principalOf(request), botOf(request), file, {
      field: INTENT_BATCH_FILE_FIELD,
      isFaq: false,
    });
  });

  app.post<BotParams>('/api/:bot/intents/import-faq', { config: { access: MANAGE } }, async (request) => {
    const file = await readUploadedFile(
      request,
      FAQ_FILE_FIELD,
      INTENT_BATCH_FILE_MAX_BYTES,
      INTENT_MESSAGES.fileMissing(FAQ_FILE_FIELD),
    );
    return batchImportIntents(ctx, principalOf(request), botOf(request), file, {
      field: FAQ_FILE_FIELD,
      isFaq: true,
    });
  });

  app.get(
    '/api/intents/batch-import/template',
    { config: { access: 'authenticated' } },
    async (_request, reply) =>
      sendAttachment(reply, INTENT_BATCH_TEMPLATE_FILE, XLSX_CONTENT_TYPE, await intentWorkbookTemplate()),
  );
}
