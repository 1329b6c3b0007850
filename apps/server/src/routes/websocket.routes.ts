import fastifyWebsocket from '@fastify/websocket';
import {
  AppError,
  TEST_CHAT_SOCKET_PARAM,
  validationError,
  WEBSOCKET_APP_NAME,
  WEBSOCKET_PATH,
  type WebsocketUrl,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../auth/guard';
import type { AppContext } from '../context';
import { createWidgetGateway, widgetTokenFromQuery } from '../services/chat-bubble/widget-gateway';
import {
  type WidgetVisitorSession,
  widgetVisitorSession,
} from '../services/chat-bubble/widget-visitor.service';
import { type PublicChatSession, publicChatSession } from '../services/conversations/test-chat-link.service';
import { createPublicChatGateway } from '../services/realtime/public-chat-gateway';
import { createRealtimeGateway } from '../services/realtime/realtime.service';
import { websocketUrl } from '../services/realtime/websocket-url';
import { directLineStreamRoute } from './direct-line.routes';

/** The platform token travels base64-encoded in the query (spec 01 section 7). */
function tokenFromQuery(query: unknown): string {
  const { app, token } = (query ?? {}) as Record<string, unknown>;
  if (app !== WEBSOCKET_APP_NAME) throw validationError('app', `app must be '${WEBSOCKET_APP_NAME}'.`);
  if (typeof token !== 'string' || !token || token.length > 4096)
    throw new AppError('unauthorised_error_code', 'You need to sign in.');
  // A '+' of base64 arrives as a space when the client did not encode the query.
  return Buffer.from(token.replace(/ /g, '+'), 'base64').toString('utf8');
}

/** A public test chat's session token (docs/test-chat-protocol.md), when the socket is a visitor's. */
function chatTokenFromQuery(query: unknown): string | undefined {
  const { app, [TEST_CHAT_SOCKET_PARAM]: token } = (query ?? {}) as Record<string, unknown>;
  if (token === undefined) return undefined;
  if (app !== WEBSOCKET_APP_NAME) throw validationError('app', `app must be '${WEBSOCKET_APP_NAME}'.`);
  if (typeof token !== 'string' || !token || token.length > 4096)
    throw new AppError('unauthorised_error_code', 'You need a test chat session.');
  return token;
}

const tokens = new WeakMap<FastifyRequest, string>();
const visitors = new WeakMap<FastifyRequest, { session: PublicChatSession; token: string }>();
const widgetVisitors = new WeakMap<FastifyRequest, { session: WidgetVisitorSession; token: string }>();

export function websocketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/api/websocket-url',
    { config: { access: 'authenticated' } },
    async (): Promise<WebsocketUrl> => ({
      url: websocketUrl(ctx.config.publicUrl),
    }),
  );

  app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    const gateway = createRealtimeGateway(ctx);
    gateway.start();
    const publicChats = createPublicChatGateway(ctx);
    const widgetChats = createWidgetGateway(ctx);
    scope.addHook('onClose', async () => {
      await gateway.stop();
      await publicChats.stop();
      await widgetChats.stop();
    });

    scope.get(
      WEBSOCKET_PATH,
      {
        websocket: true,
        // The upgrade request cannot carry the AuthToken header: the token comes in the query,
        // and this route checks it itself before the upgrade (a refused socket gets 401).
        config: { access: 'public' },
        preValidation: async (request) => {
          // A chat widget's visitor: the page's Origin must be one the snippet allows (else 403).
          const widgetToken = widgetTokenFromQuery(request.query);
          if (widgetToken !== undefined) {
            const session = await widgetVisitorSession(ctx, widgetToken, { origin: request.headers.origin });
            widgetVisitors.set(request, { session, token: widgetToken });
            return;
          }
          // A visitor of the public test chat: a session token bound to one bot's test chat.
          const chatToken = chatTokenFromQuery(request.query);
          if (chatToken !== undefined) {
            visitors.set(request, { session: await publicChatSession(ctx, chatToken), token: chatToken });
            return;
          }
          const token = tokenFromQuery(request.query);
          request.principal = await authenticate(ctx, token);
          tokens.set(request, token);
        },
      },
      (socket, request) => {
        const widgetVisitor = widgetVisitors.get(request);
        if (widgetVisitor) {
          const connection = widgetChats.add(socket, widgetVisitor.session, widgetVisitor.token);
          socket.on('message', (raw) => connection.receive(raw.toString()));
          socket.on('close', () => connection.closed());
          return;
        }
        const visitor = visitors.get(request);
        if (visitor) {
          const connection = publicChats.add(socket, visitor.session, visitor.token);
          socket.on('message', (raw) => connection.receive(raw.toString()));
          socket.on('close', () => connection.closed());
          return;
        }
        const principal = request.principal;
        const token = tokens.get(request);
        if (!principal || !token) {
          socket.close(1008, 'not authenticated');
          return;
        }
        const connection = gateway.add(socket, principal, token);
        socket.on('message', (raw) => connection.receive(raw.toString()));
        socket.on('close', () => connection.closed());
      },
    );

    // The External API channel's Direct Line stream upgrades in this scope too.
    directLineStreamRoute(scope, ctx);
  });
}
