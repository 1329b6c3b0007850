import { AppError, validationError, WEBSOCKET_APP_NAME, WIDGET_SOCKET_PARAM } from '@parley/contracts';
import type { AppContext } from '../../context';
import { createPublicChatGatewayWith } from '../realtime/public-chat-gateway';
import {
  isWidgetConversation,
  sayAsVisitor,
  WIDGET_LIMITS,
  type WidgetVisitorSession,
  widgetVisitorSession,
} from './widget-visitor.service';

/** A chat widget visitor's token in a websocket's query (`?app=parley&widgetToken=…`), when there is one. */
export function widgetTokenFromQuery(query: unknown): string | undefined {
  const { app, [WIDGET_SOCKET_PARAM]: token } = (query ?? {}) as Record<string, unknown>;
  if (token === undefined) return undefined;
  if (app !== WEBSOCKET_APP_NAME) throw validationError('app', `app must be '${WEBSOCKET_APP_NAME}'.`);
  if (typeof token !== 'string' || !token || token.length > 4096)
    throw new AppError('unauthorised_error_code', 'You need a chat session.');
  return token;
}

/**
 * The websocket side of the chat widget: the public chat gateway's rules (a visitor follows and
 * talks in only their own conversations; the session is checked again on every subscribe and
 * message) with the widget's session, so a snippet deleted or an origin no longer allowed ends
 * the visitor's socket at their next message.
 */
export function createWidgetGateway(ctx: AppContext) {
  return createPublicChatGatewayWith<WidgetVisitorSession>({
    pubsub: ctx.shared.pubsub,
    session: (token) => widgetVisitorSession(ctx, token),
    isSessionConversation: (session, topic) => isWidgetConversation(ctx, session, topic),
    say: (session, topic, activity) => sayAsVisitor(ctx, session, topic, activity),
    log: ctx.log,
    // A visitor's burst within the rate limit waits its turn; none of it is refused unanswered.
    maxQueuedMessages: WIDGET_LIMITS.messagesPerMinute,
  });
}
