import { Permission, TEST_CHAT_TOKEN_HEADER, testChatSessionBodySchema } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { botOf, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { parseInput } from '../http/validate';
import {
  externalTestChatPassword,
  internalTestChatPass,
  openTestChatSession,
  publicChatSession,
  resetExternalTestChatPassword,
  startPublicTestChat,
} from '../services/conversations/test-chat-link.service';
import { websocketUrl } from '../services/realtime/websocket-url';

type BotParams = { Params: { bot: string } };

/** The public test chat's session token travels in its own header, never in AuthToken. */
export const chatTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers[TEST_CHAT_TOKEN_HEADER.toLowerCase()];
  return typeof header === 'string' && header ? header : undefined;
};

/**
 * 'Share testchat' (spec 01 'Test chat extras', permission 28) and the public test chat at
 * /test-chat behind the link's password (docs/test-chat-protocol.md, 'The public test chat').
 */
export function testChatLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const MANAGE_LINK = { botPermission: Permission.ManageTestChatLink };

  app.get<BotParams>(
    '/api/bots/:bot/int-chat/password',
    { config: { access: MANAGE_LINK } },
    async (request) => internalTestChatPass(ctx, principalOf(request), botOf(request).name),
  );

  app.get<BotParams>(
    '/api/bots/:bot/ext-chat/password',
    { config: { access: MANAGE_LINK } },
    async (request) => externalTestChatPassword(ctx, principalOf(request), botOf(request).name),
  );

  app.put<BotParams>(
    '/api/bots/:bot/ext-chat/password',
    { config: { access: MANAGE_LINK } },
    async (request) => resetExternalTestChatPassword(ctx, principalOf(request), botOf(request).name),
  );

  // No platform account here: the password is what lets a visitor in, and its attempts are counted.
  app.post('/api/test-chat/sessions', { config: { access: 'public' } }, async (request, reply) => {
    const session = await openTestChatSession(
      ctx,
      parseInput(testChatSessionBodySchema, request.body),
      request.ip,
    );
    return reply.status(201).send({ ...session, websocketUrl: websocketUrl(ctx.config.publicUrl) });
  });

  app.post('/api/test-chat/conversations', { config: { access: 'public' } }, async (request, reply) =>
    reply
      .status(201)
      .send(await startPublicTestChat(ctx, await publicChatSession(ctx, chatTokenOf(request)))),
  );
}
