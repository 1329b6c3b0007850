import {
  LLM_EVALUATION_MESSAGES as EM,
  LLM_EVALUATION_LIMITS,
  LLM_EVALUATION_UPLOAD_FIELD,
  LLM_METRIC_PERIODS,
  LLM_METRICS_MESSAGES,
  llmEvaluateBodySchema,
  llmMetricsQuerySchema,
  Permission,
  validationError,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  getEvaluationRun,
  listEvaluations,
  startEvaluation,
  uploadEvaluationDataset,
} from '../services/llms/evaluation/llm-evaluation.service';
import { llmMetrics, tenantLlmMetrics } from '../services/llms/metrics/llm-metrics.service';

type LlmParams = { Params: { llmId: string } };

/** Evaluating and reading statistics: as the LLM's other calls (docs/decisions.md 'LLM area'). */
const MANAGE: Access = { tenantPermission: Permission.ManageBotLlms };
const READ: Access = { tenantPermission: [Permission.ManageBotLlms, Permission.ExportBotLlms] };

const llmIdOf = (params: { llmId: string }) => textParam(params.llmId, 'llmId', 100);

/**
 * The LLM's Evaluate and Statistics tabs (spec 04 sections 2.5, 3.11, 7.3; docs/decisions.md
 * 'Evaluation' and 'LLM statistics').
 */
export function llmQualityRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<LlmParams>(
    '/api/llm/:llmId/evaluation-dataset',
    { config: { access: MANAGE } },
    async (request) => {
      const llmId = llmIdOf(request.params);
      const file = await readUploadedFile(
        request,
        LLM_EVALUATION_UPLOAD_FIELD,
        LLM_EVALUATION_LIMITS.fileMaxBytes,
        EM.fileMissing,
        EM.fileTooBig,
      );
      return uploadEvaluationDataset(principalOf(request), llmId, file);
    },
  );

  app.post<LlmParams>('/api/llm/:llmId/evaluate', { config: { access: MANAGE } }, async (request) =>
    startEvaluation(
      ctx,
      principalOf(request),
      llmIdOf(request.params),
      parseInput(llmEvaluateBodySchema, request.body ?? {}),
    ),
  );

  app.get<LlmParams>('/api/llm/:llmId/evaluations', { config: { access: READ } }, async (request) =>
    listEvaluations(principalOf(request), llmIdOf(request.params)),
  );

  app.get<{ Params: { llmId: string; runId: string } }>(
    '/api/llm/:llmId/evaluations/:runId',
    { config: { access: READ } },
    async (request) =>
      getEvaluationRun(
        principalOf(request),
        llmIdOf(request.params),
        textParam(request.params.runId, 'runId', 100),
      ),
  );

  app.get<{ Params: { period: string } }>(
    '/api/llm/metrics/:period',
    { config: { access: READ } },
    async (request) => {
      const period = LLM_METRIC_PERIODS.find((p) => p === request.params.period);
      if (!period) throw validationError('period', LLM_METRICS_MESSAGES.period);
      return tenantLlmMetrics(principalOf(request), period, parseInput(llmMetricsQuerySchema, request.query));
    },
  );

  app.get<LlmParams>('/api/llm/:llmId/metrics', { config: { access: READ } }, async (request) =>
    llmMetrics(
      principalOf(request),
      llmIdOf(request.params),
      parseInput(llmMetricsQuerySchema, request.query),
    ),
  );
}
