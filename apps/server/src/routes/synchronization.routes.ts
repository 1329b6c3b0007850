import { Permission, syncConfirmBodySchema, syncQuerySchema } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../auth/access';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  confirmSync,
  providerContent,
  refuseProgressiveCall,
  startFullSync,
  startSync,
  syncProgress,
  syncStatus,
} from '../services/publishing/synchronization.service';

type BotParams = { Params: { bot: string } };

/** Publishing needs PublishIntentsAndEntities (spec 02 section 6); watching it, a role on the bot. */
const PUBLISH: Access = { botPermission: Permission.PublishIntentsAndEntities };
const BASE = '/api/synchronization/:bot';

const queryOf = (request: FastifyRequest) => parseInput(syncQuerySchema, request.query);

/** Synchronisation (spec 02 section 7; what each call does for an all-at-once provider: docs/decisions.md). */
export function synchronizationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<BotParams>(`${BASE}/sync`, { config: { access: PUBLISH } }, async (request, reply) => {
    const started = await startSync(ctx, principalOf(request), botOf(request), queryOf(request));
    return reply.status(202).send(started);
  });

  app.post<BotParams>(`${BASE}/full`, { config: { access: PUBLISH } }, async (request, reply) => {
    const full = await startFullSync(ctx, principalOf(request), botOf(request), queryOf(request));
    return reply.status(202).send(full);
  });

  app.get<BotParams>(`${BASE}/progress`, { config: { access: 'botMember' } }, async (request) =>
    syncProgress(ctx, principalOf(request), botOf(request), queryOf(request)),
  );

  app.post<BotParams>(`${BASE}/confirm`, { config: { access: PUBLISH } }, async (request) =>
    confirmSync(
      ctx,
      principalOf(request),
      botOf(request),
      queryOf(request),
      parseInput(syncConfirmBodySchema, request.body),
    ),
  );

  app.get<BotParams>(`${BASE}/status`, { config: { access: 'botMember' } }, async (request) =>
    syncStatus(ctx, principalOf(request), botOf(request)),
  );

  for (const kind of ['entities', 'intents'] as const) {
    app.get<BotParams>(`${BASE}/${kind}`, { config: { access: PUBLISH } }, async (request) =>
      providerContent(ctx, principalOf(request), botOf(request), queryOf(request), kind),
    );
  }

  // Piece-by-piece calls of progressive providers; an all-at-once provider refuses them.
  const progressive: Array<['POST' | 'PUT' | 'DELETE', string]> = [
    ['POST', '/cache'],
    ['DELETE', '/cache'],
    ['PUT', '/entities'],
    ['POST', '/entities/:name'],
    ['PUT', '/entities/:name'],
    ['PUT', '/intents'],
    ['POST', '/intents/:name'],
    ['PUT', '/intents/:name'],
    ['PUT', '/train'],
  ];
  for (const [method, path] of progressive) {
    app.route<BotParams>({
      method,
      url: `${BASE}${path}`,
      config: { access: PUBLISH },
      handler: async (request) =>
        refuseProgressiveCall(ctx, principalOf(request), botOf(request), queryOf(request)),
    });
  }
}
