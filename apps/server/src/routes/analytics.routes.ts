import { ratingsPeriodParamsSchema, UTTERANCES_FILE_NAME, utterancesQuerySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import { parseInput } from '../http/validate';
import { utterancesCsv } from '../services/bots/bot-logs.service';
import { chatRatings } from '../services/conversations/chat-ratings.service';
import { webWidget } from '../services/conversations/test-chat.service';

type BotParams = { Params: { bot: string } };

/**
 * The dashboard's calls that read conversations (spec 02 section 7 'Analytics and statistics'):
 * the ratings of a month, the web widget's switch, the utterances download. Analytics' role
 * requirements are not shown: a role on the bot reads them, as the dashboard; the download of what
 * users typed needs Export logs (7), as the history download.
 */
export function analyticsRoutes(app: FastifyInstance): void {
  app.get<{ Params: { bot: string; month: string; year: string } }>(
    '/api/bots/:bot/conversation/ratings/:month/:year',
    { config: { access: 'botMember' } },
    async (request) =>
      chatRatings(
        principalOf(request),
        botOf(request),
        parseInput(ratingsPeriodParamsSchema, request.params),
      ),
  );

  app.get<BotParams>('/api/bots/:bot/web-widget', { config: { access: 'botMember' } }, async (request) =>
    webWidget(principalOf(request), botOf(request).name),
  );

  // The path names no bot: the service checks the right on the bot the query names.
  app.get('/api/utterances', { config: { access: 'authenticated' } }, async (request, reply) => {
    const { bot } = parseInput(utterancesQuerySchema, request.query);
    const file = await utterancesCsv(principalOf(request), bot);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${UTTERANCES_FILE_NAME}"`)
      .send(file.csv);
  });
}
