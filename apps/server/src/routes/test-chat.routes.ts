import { Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import { textParam } from '../http/params';
import { chatReadiness, conversationState, startTestChat } from '../services/conversations/test-chat.service';

type BotParams = { Params: { bot: string } };

/**
 * The internal test chat (spec 01 'Test chat extras', permission 27). A conversation is started
 * here; it is followed and talked in over the websocket (docs/test-chat-protocol.md).
 */
export function testChatRoutes(app: FastifyInstance): void {
  app.post<BotParams>(
    '/api/bots/:bot/test-chat',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request, reply) =>
      reply.status(201).send(await startTestChat(principalOf(request), request.params.bot)),
  );

  app.get<BotParams>(
    '/api/bots/:bot/is-chat-ready',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request) => chatReadiness(principalOf(request), request.params.bot),
  );

  // Which bot the conversation belongs to is known only once it is read: the service checks the right.
  app.get<{ Params: { id: string } }>(
    '/api/conversation/:id/state',
    { config: { access: 'authenticated' } },
    async (request) => conversationState(principalOf(request), textParam(request.params.id, 'id', 100)),
  );
}
