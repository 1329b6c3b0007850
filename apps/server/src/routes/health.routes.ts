import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.repos.db);
      return { status: 'ok', database: ctx.database.dialect };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: ctx.database.dialect });
    }
  });
}
