import {
  conversationHistoryQuerySchema,
  conversationLogQuerySchema,
  latestMessagesQuerySchema,
  Permission,
  startTestChatBodySchema,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { textParam } from '../http/params';
import { parseInput } from '../http/validate';
import {
  chatHistory,
  conversationLog,
  latestMessages,
  listConversations,
} from '../services/conversations/conversation-log.service';
import { chatReadiness, conversationState, startTestChat } from '../services/conversations/test-chat.service';

type BotParams = { Params: { bot: string } };

/**
 * The internal test chat (spec 01 'Test chat extras', permission 27). A conversation is started
 * here; it is followed and talked in over the websocket (docs/test-chat-protocol.md).
 */
export function testChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<BotParams>(
    '/api/bots/:bot/test-chat',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await startTestChat(
            ctx,
            principalOf(request),
            botOf(request).name,
            parseInput(startTestChatBodySchema, request.body),
          ),
        ),
  );

  app.get<BotParams>(
    '/api/bots/:bot/is-chat-ready',
    { config: { access: { botPermission: Permission.TestBot } } },
    async (request) => chatReadiness(principalOf(request), botOf(request).name),
  );

  // Which bot the conversation belongs to is known only once it is read: the service checks the right.
  app.get<{ Params: { id: string } }>(
    '/api/conversation/:id/state',
    { config: { access: 'authenticated' } },
    async (request) => conversationState(principalOf(request), textParam(request.params.id, 'id', 100)),
  );

  // --- the conversation log (spec 01 'Conversation log', permission 6) ---------------------
  const SEE_LOG = { botPermission: Permission.SeeConversationLog };

  app.get<BotParams>('/api/bots/:bot/conversations', { config: { access: SEE_LOG } }, async (request) =>
    listConversations(
      principalOf(request),
      botOf(request).name,
      parseInput(conversationLogQuerySchema, request.query).hours,
    ),
  );

  // The chat history and the recent one, as spec 02 section 7 names them: messages with their times.
  app.get<BotParams>('/api/bots/:bot/conversation/log', { config: { access: SEE_LOG } }, async (request) =>
    chatHistory(
      principalOf(request),
      botOf(request).name,
      parseInput(conversationHistoryQuerySchema, request.query),
    ),
  );

  app.get<BotParams>(
    '/api/bots/:bot/conversation/log/latest',
    { config: { access: SEE_LOG } },
    async (request) =>
      latestMessages(
        principalOf(request),
        botOf(request).name,
        parseInput(latestMessagesQuerySchema, request.query),
      ),
  );

  app.get<{ Params: { bot: string; id: string } }>(
    '/api/bots/:bot/conversations/:id',
    { config: { access: SEE_LOG } },
    async (request) =>
      conversationLog(principalOf(request), botOf(request).name, textParam(request.params.id, 'id', 100)),
  );
}
