import { AppError, DIRECTORY_START_PATH, directoryStartQuerySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  DIRECTORY_CALLBACK_PATH,
  directoryFailureLocation,
  finishDirectorySignIn,
  flowCookiesFor,
  requireDirectory,
  startDirectorySignIn,
} from '../services/accounts/directory.service';

/** Directory sign-in ('microsoft' identity) through OpenID Connect. */
export function directoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A browser navigation: a failure (an unreachable provider) goes back to the screen it came from.
  app.get(DIRECTORY_START_PATH, { config: { access: 'public' } }, async (request, reply) => {
    requireDirectory(ctx);
    const query = parseInput(directoryStartQuerySchema, request.query);
    try {
      const { location, flowCookie } = await startDirectorySignIn(ctx, query);
      return reply.header('cache-control', 'no-store').header('set-cookie', flowCookie).redirect(location);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request.log.warn({ err: error }, 'directory sign-in could not start');
      const signupCode = query.mode === 'signup' ? query.signup.invitationCode : undefined;
      return reply
        .header('cache-control', 'no-store')
        .redirect(directoryFailureLocation(error, signupCode, true));
    }
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
