import { DIRECTORY_START_PATH, directoryStartQuerySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  DIRECTORY_CALLBACK_PATH,
  finishDirectorySignIn,
  flowCookiesFor,
  requireDirectory,
  startDirectorySignIn,
} from '../services/accounts/directory.service';

/** Directory sign-in ('microsoft' identity) through OpenID Connect. */
export function directoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(DIRECTORY_START_PATH, { config: { access: 'public' } }, async (request, reply) => {
    requireDirectory(ctx);
    const query = parseInput(directoryStartQuerySchema, request.query);
    const { location, flowCookie } = await startDirectorySignIn(ctx, query);
    return reply.header('cache-control', 'no-store').header('set-cookie', flowCookie).redirect(location);
  });

  app.get(DIRECTORY_CALLBACK_PATH, { config: { access: 'public' } }, async (request, reply) => {
    requireDirectory(ctx);
    const { state } = request.query as { state?: unknown };
    const cookies = flowCookiesFor(ctx);
    const flow = await cookies.open(state, request.headers.cookie);
    const queryAt = request.url.indexOf('?');
    const callbackQuery = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
    const location = await finishDirectorySignIn(ctx, flow, callbackQuery);
    if (typeof state === 'string') reply.header('set-cookie', cookies.clear(state));
    return reply.header('cache-control', 'no-store').redirect(location);
  });
}
