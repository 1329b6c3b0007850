import { AppError, SYNC_MESSAGES } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { isBotPublishing } from './synchronization-liveness';

/**
 * Which changing routes a running publish blocks (spec 02 section 4 and 8 'Publishing block'),
 * by route pattern: every change of intents (and their examples), entities, functions and
 * objects. Reading, exports, and running a function stay allowed.
 */
const BLOCKED: Array<{ prefix: string; message: string }> = [
  { prefix: '/api/:bot/intents', message: SYNC_MESSAGES.intentsBlocked },
  { prefix: '/api/:bot/entities', message: SYNC_MESSAGES.entitiesBlocked },
  { prefix: '/api/bots/:bot/functions', message: SYNC_MESSAGES.functionsBlocked },
  { prefix: '/api/:bot/objects', message: SYNC_MESSAGES.objectsBlocked },
];

export function blockedMessageFor(method: string, url: string | undefined): string | undefined {
  if (method === 'GET' || method === 'HEAD' || !url) return undefined;
  if (url.endsWith('/run') || url.endsWith('/export')) return undefined;
  return BLOCKED.find((b) => url === b.prefix || url.startsWith(`${b.prefix}/`))?.message;
}

/**
 * Refuses those changes while a sync of the bot is active, after the guard (a caller without
 * the right still gets 403 first): 409 custom_error with the spec's message.
 */
export function registerPublishingBlock(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request) => {
    const message = blockedMessageFor(request.method, request.routeOptions.url);
    const principal = request.principal;
    const botName = (request.params as { bot?: string } | undefined)?.bot;
    if (!message || !principal || !botName) return;
    if (await isBotPublishing(ctx, principal.tenantId, botName))
      throw new AppError('custom_error', message, {}, 409);
  });
}
