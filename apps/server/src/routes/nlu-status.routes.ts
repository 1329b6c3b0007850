import { Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { textParam } from '../http/params';
import {
  createNlu,
  createNluResource,
  deleteNlu,
  nluProviders,
  nluStatus,
} from '../services/nlu/nlu-status.service';

type BotParams = { Params: { bot: string } };
type ProviderParams = { Params: { bot: string; provider: string } };

/** Configure and Remove on the NLU Status tab: ManageEngines (spec 04 section 6). */
const MANAGE: Access = { botPermission: Permission.ManageEngines };

const providerParam = (value: string) => textParam(value, 'provider', 50);

/** The NLU Status tab (spec 04 sections 2.3, 4 'NLU provider' and 7.2). */
export function nluStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<BotParams>('/api/bots/:bot/nlu-providers', { config: { access: 'botMember' } }, async (request) =>
    nluProviders(ctx, principalOf(request), botOf(request)),
  );

  app.get<ProviderParams>(
    '/api/bots/:bot/nlu-status/:provider',
    { config: { access: 'botMember' } },
    async (request) =>
      nluStatus(ctx, principalOf(request), botOf(request), providerParam(request.params.provider)),
  );

  app.post<ProviderParams>(
    '/api/bots/:bot/nlu-resource/:provider',
    { config: { access: MANAGE } },
    async (request) =>
      createNluResource(ctx, principalOf(request), botOf(request), providerParam(request.params.provider)),
  );

  app.post<ProviderParams>('/api/bots/:bot/nlu/:provider', { config: { access: MANAGE } }, async (request) =>
    createNlu(ctx, principalOf(request), botOf(request), providerParam(request.params.provider)),
  );

  app.delete<ProviderParams>(
    '/api/bots/:bot/nlu/:provider',
    { config: { access: MANAGE } },
    async (request) =>
      deleteNlu(ctx, principalOf(request), botOf(request), providerParam(request.params.provider)),
  );
}
