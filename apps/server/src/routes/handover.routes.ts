import { handoverSayBodySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  handBack,
  handoverBots,
  handoverConversation,
  handoverInbox,
  sayToUser,
  takeHandover,
} from '../services/handover/handover-inbox.service';

type ConversationParams = { Params: { conversationId: string } };

/**
 * The agent inbox (issue 13; docs/decisions.md 'Agent inbox'). The routes span the tenant's bots,
 * so they are open to any signed-in user and the service checks Answer handed-over conversations
 * (60) on the bot of each conversation; the lists hold only the bots the caller answers for.
 */
export function handoverRoutes(app: FastifyInstance, ctx: AppContext): void {
  const access = { config: { access: 'authenticated' as const } };
  app.get('/api/handover/bots', access, async (request) => handoverBots(principalOf(request)));
  app.get('/api/handover/inbox', access, async (request) => handoverInbox(principalOf(request)));
  app.get<ConversationParams>('/api/handover/conversations/:conversationId', access, async (request) =>
    handoverConversation(principalOf(request), request.params.conversationId),
  );
  app.post<ConversationParams>('/api/handover/conversations/:conversationId/take', access, async (request) =>
    takeHandover(ctx, principalOf(request), request.params.conversationId),
  );
  app.post<ConversationParams>(
    '/api/handover/conversations/:conversationId/messages',
    access,
    async (request) =>
      sayToUser(
        ctx,
        principalOf(request),
        request.params.conversationId,
        parseInput(handoverSayBodySchema, request.body).text,
      ),
  );
  app.post<ConversationParams>(
    '/api/handover/conversations/:conversationId/hand-back',
    access,
    async (request) => handBack(ctx, principalOf(request), request.params.conversationId),
  );
}
