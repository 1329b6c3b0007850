import {
  activateFlowBodySchema,
  autoSaveFlowBodySchema,
  FLOW_XML_MAX_BYTES,
  type FlowTargetName,
  flowStatisticsQuerySchema,
  Permission,
  saveFlowBodySchema,
  validateFlowBodySchema,
} from '@parley/contracts';
import { FLOW_TEMPLATES } from '@parley/flows';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import { flowStatistics } from '../services/flows/flow-statistics.service';
import { functionFlowSubject, intentFlowSubject } from '../services/flows/flow-subject';
import { activateFlow, readFlowContent, saveFlow, validateSentFlow } from '../services/flows/flows.service';

type IntentParams = { Params: { bot: string; intent: string } };
type FunctionParams = { Params: { bot: string; name: string } };

/** Saving an intent's flow: ManageIntents, or ManageFlows (the right to change texts) (spec 03 section 6). */
const SAVE_INTENT_FLOW: Access = { botPermission: [Permission.ManageIntents, Permission.ManageFlows] };
const SAVE_SUB_FLOW: Access = { botPermission: Permission.ManageSubflows };
const ACTIVATE: Record<FlowTargetName, Access> = {
  test: { botPermission: Permission.PublishFlowsToTest },
  production: { botPermission: Permission.PublishFlowsToProduction },
};

// URI-encoding at most triples a flow's XML; the rest of the server keeps its 1 MiB limit.
const bodyLimit = FLOW_XML_MAX_BYTES * 3 + 64 * 1024;

const intentSubject = (request: FastifyRequest<IntentParams>) =>
  intentFlowSubject(principalOf(request), botOf(request), textParam(request.params.intent, 'intent', 200));
const functionSubject = (request: FastifyRequest<FunctionParams>) =>
  functionFlowSubject(principalOf(request), botOf(request), textParam(request.params.name, 'name', 200));

/** Dialog flows of intents and sub flows: versions, activation and validation (spec 03 section 7). */
export function flowsRoutes(app: FastifyInstance): void {
  app.get('/api/templates', { config: { access: 'authenticated' } }, async () =>
    FLOW_TEMPLATES.map(({ id, name, description }) => ({ id, name, description })),
  );

  // --- intent flows -------------------------------------------------------------------------
  const INTENT = '/api/:bot/intents/:intent';

  app.get<IntentParams>(`${INTENT}/content`, { config: { access: 'botMember' } }, async (request) =>
    readFlowContent(await intentSubject(request)),
  );

  app.post<IntentParams>(INTENT, { bodyLimit, config: { access: SAVE_INTENT_FLOW } }, async (request) =>
    saveFlow(
      principalOf(request),
      await intentSubject(request),
      parseInput(saveFlowBodySchema, request.body),
    ),
  );

  app.post<IntentParams>(
    `${INTENT}/auto-save`,
    { bodyLimit, config: { access: SAVE_INTENT_FLOW } },
    async (request) =>
      saveFlow(principalOf(request), await intentSubject(request), {
        ...parseInput(autoSaveFlowBodySchema, request.body),
        status: 'auto-saved',
      }),
  );

  for (const [target, path] of [
    ['production', 'published-version'],
    ['test', 'test-version'],
  ] as const) {
    app.put<IntentParams>(
      `${INTENT}/${path}`,
      { bodyLimit, config: { access: ACTIVATE[target] } },
      async (request) =>
        activateFlow(
          principalOf(request),
          await intentSubject(request),
          target,
          parseInput(activateFlowBodySchema, request.body),
        ),
    );
  }

  app.get<IntentParams>(`${INTENT}/statistics`, { config: { access: 'botMember' } }, async (request) =>
    flowStatistics(await intentSubject(request), parseInput(flowStatisticsQuerySchema, request.query)),
  );

  app.post<IntentParams>(
    `${INTENT}/validate-flow`,
    { bodyLimit, config: { access: 'botMember' } },
    async (request) =>
      validateSentFlow(await intentSubject(request), parseInput(validateFlowBodySchema, request.body)),
  );

  // --- sub flows (functions of type flow) ----------------------------------------------------
  const FUNCTION = '/api/bots/:bot/functions/:name';

  app.get<FunctionParams>(`${FUNCTION}/content`, { config: { access: 'botMember' } }, async (request) =>
    readFlowContent(await functionSubject(request)),
  );

  app.get<FunctionParams>(`${FUNCTION}/statistics`, { config: { access: 'botMember' } }, async (request) =>
    flowStatistics(await functionSubject(request), parseInput(flowStatisticsQuerySchema, request.query)),
  );

  app.post<FunctionParams>(
    `${FUNCTION}/flow`,
    { bodyLimit, config: { access: SAVE_SUB_FLOW } },
    async (request) =>
      saveFlow(
        principalOf(request),
        await functionSubject(request),
        parseInput(saveFlowBodySchema, request.body),
      ),
  );

  app.post<FunctionParams>(
    `${FUNCTION}/auto-save`,
    { bodyLimit, config: { access: SAVE_SUB_FLOW } },
    async (request) =>
      saveFlow(principalOf(request), await functionSubject(request), {
        ...parseInput(autoSaveFlowBodySchema, request.body),
        status: 'auto-saved',
      }),
  );

  // In functions mode publishing always goes live (spec 03 section 4.2).
  app.put<FunctionParams>(
    `${FUNCTION}/published-version`,
    { bodyLimit, config: { access: ACTIVATE.production } },
    async (request) =>
      activateFlow(
        principalOf(request),
        await functionSubject(request),
        'production',
        parseInput(activateFlowBodySchema, request.body),
      ),
  );

  app.post<FunctionParams>(
    '/api/:bot/functions/:name/validate-flow-function',
    { bodyLimit, config: { access: 'botMember' } },
    async (request) =>
      validateSentFlow(await functionSubject(request), parseInput(validateFlowBodySchema, request.body)),
  );
}
