import { Permission } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import { startTestChat } from '../services/conversations/test-chat.service';

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
}
