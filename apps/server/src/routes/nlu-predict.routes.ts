import { nluPredictBodySchema, Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { predictIntent } from '../services/nlu/nlu-predict.service';

type BotParams = { Params: { bot: string } };

/** The prediction API (until the test chat exists): testing the bot needs TestBot (27). */
export function nluPredictRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<BotParams>(
    '/api/:bot/nlu/predict',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request) =>
      predictIntent(
        ctx,
        principalOf(request),
        botOf(request),
        parseInput(nluPredictBodySchema, request.body),
      ),
  );
}
