import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import { loadManual } from '../user-manual/manual';
import { searchManual } from '../user-manual/search';

const searchQuerySchema = z.object({
  q: z.string({ message: 'Please enter a search term' }).trim().min(1, 'Please enter a search term').max(200),
});

/** The public user manual: no token needed (the web app sends none). */
export function userManualRoutes(app: FastifyInstance, _ctx: AppContext): void {
  const pages = loadManual();
  const listing = { pages: pages.map(({ text: _text, ...page }) => page) };

  app.get('/api/user-manual/all', { config: { access: 'public' } }, async () => listing);

  app.get('/api/user-manual/search', { config: { access: 'public' } }, async (request) => {
    const { q } = parseInput(searchQuerySchema, request.query);
    return { results: searchManual(pages, q) };
  });
}
