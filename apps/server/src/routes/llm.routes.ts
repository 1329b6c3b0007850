import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import { listLlms } from '../services/llms/llms.service';

/** The LLM area (spec 04 section 7.3); for now the list LLM blocks pick from (spec 03 section 2.6). */
export function llmRoutes(app: FastifyInstance): void {
  app.get('/api/llm', { config: { access: 'authenticated' } }, async (request) =>
    listLlms(principalOf(request)),
  );
}
