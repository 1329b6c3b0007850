import {
  NLU_PERFORMANCE_MESSAGES as M,
  NLU_DATASET_FIELD,
  NLU_DATASET_MAX_BYTES,
  NLU_PERFORMANCE_PERMISSIONS,
  nluMeasuringBodySchema,
  Permission,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { sendAttachment } from '../http/attachment';
import { readUploadedFile } from '../http/multipart';
import { parseInput } from '../http/validate';
import { nluAutomateStatus, runNluAutomateNow } from '../services/nlu/nlu-automate.service';
import {
  downloadNluDataset,
  nluDatasetTemplate,
  uploadNluDataset,
} from '../services/nlu/nlu-dataset.service';
import { nluTestResults, nluTestStatus, resultsCsv, startNluTest } from '../services/nlu/nlu-test.service';
import { readNluMeasuring, saveNluMeasuring } from '../services/nlu/nlu-test-measuring';

type BotParams = { Params: { bot: string } };
type ResultsRequest = BotParams & { Querystring: { format?: string } };

/** Reading the tab and saving its toggles: either NLU performance permission (spec 04 section 6). */
const READ: Access = { botPermission: NLU_PERFORMANCE_PERMISSIONS };
/** Uploading a dataset, running tests and automate: 34 run NLU performance tests. */
const RUN: Access = { botPermission: Permission.RunNluTests };

const CSV = 'text/csv; charset=utf-8';

/** The NLU Performance tab (spec 04 sections 2.3, 7.2): dataset, test job, results, measuring, automate. */
export function nluPerformanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/bots/:bot/nlu-test', { config: { access: READ } }, async (request) =>
    nluTestStatus(ctx, principalOf(request), botOf(request)),
  );

  app.post<BotParams>('/api/bots/:bot/nlu-test', { config: { access: RUN } }, async (request, reply) => {
    const status = await startNluTest(ctx, principalOf(request), botOf(request));
    return reply.status(202).send(status);
  });

  app.get<ResultsRequest>(
    '/api/bots/:bot/nlu-results',
    { config: { access: READ } },
    async (request, reply) => {
      const results = await nluTestResults(ctx, principalOf(request), botOf(request));
      if (request.query.format !== 'csv') return results;
      const name = `${botOf(request).name.replace(/[^A-Za-z0-9_-]/g, '_')}-nlu-results.csv`;
      return sendAttachment(reply, name, CSV, resultsCsv(results));
    },
  );

  app.put<BotParams>('/api/bots/:bot/nlu-dataset', { config: { access: RUN } }, async (request) => {
    const file = await readUploadedFile(
      request,
      NLU_DATASET_FIELD,
      NLU_DATASET_MAX_BYTES,
      M.fileMissing(NLU_DATASET_FIELD),
    );
    return uploadNluDataset(ctx, principalOf(request), botOf(request), file);
  });

  app.get<BotParams>('/api/bots/:bot/nlu-dataset', { config: { access: READ } }, async (request, reply) => {
    const file = await downloadNluDataset(ctx, principalOf(request), botOf(request));
    return sendAttachment(reply, file.fileName, CSV, file.csv);
  });

  app.get<BotParams>(
    '/api/bots/:bot/nlu-dataset/template',
    { config: { access: READ } },
    async (request, reply) => {
      const file = await nluDatasetTemplate(ctx, principalOf(request), botOf(request));
      return sendAttachment(reply, file.fileName, CSV, file.csv);
    },
  );

  app.get<BotParams>('/api/bots/:bot/nlu-measuring', { config: { access: READ } }, async (request) =>
    readNluMeasuring(ctx, principalOf(request), botOf(request)),
  );

  app.put<BotParams>('/api/bots/:bot/nlu-measuring', { config: { access: READ } }, async (request) =>
    saveNluMeasuring(
      ctx,
      principalOf(request),
      botOf(request),
      parseInput(nluMeasuringBodySchema, request.body),
    ),
  );

  app.get<BotParams>('/api/bots/:bot/nlu-automate', { config: { access: READ } }, async (request) =>
    nluAutomateStatus(ctx, principalOf(request), botOf(request)),
  );

  app.post<BotParams>('/api/bots/:bot/nlu-automate', { config: { access: RUN } }, async (request) =>
    runNluAutomateNow(ctx, principalOf(request), botOf(request)),
  );
}
