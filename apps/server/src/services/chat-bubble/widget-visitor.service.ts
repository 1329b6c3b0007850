import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AppError,
  CHAT_BUBBLE_CHANNEL,
  type ChatHistoryEntry,
  CONTINUE_CONVERSATION_WITHIN_HOURS,
  type InboundActivity,
  isOriginAllowed,
  SNIPPET_MESSAGES as M,
  notFound,
  type OutboundActivity,
  readSnippetSettings,
  type SnippetIconKind,
  type TopicOf,
  type WidgetConfig,
  type WidgetConversationBody,
  type WidgetConversationStarted,
} from '@parley/contracts';
import type { ConversationRecord, SnippetRecord } from '@parley/db';
import { createWidgetTokens, type WidgetVisitorClaims } from '../../auth/widget-tokens';
import type { AppContext } from '../../context';
import { productionOrigin } from '../channels/channel-plugin';
import { isChannelEnabled } from '../channels/channel-plugins';
import { isMessageTurn } from '../conversations/conversation-log.service';
import { type ConversationOrigin, takeTurn } from '../conversations/conversation-turns.service';
import { joinConversation } from '../conversations/join-conversation';
import { publishTurn } from '../conversations/turn-details';
import { isVisitorConversation } from '../conversations/visitor-conversation';
import { gdprSettingsOf } from '../features/feature-settings.service';
import { websocketUrl } from '../realtime/websocket-url';

/** How long a visitor token lasts; the widget asks for a new one (the same conversation) after. */
export const WIDGET_VISITOR_TTL_MS = 4 * 3600_000;

/** Per client address and snippet: conversations opened; per visitor: messages. */
export const WIDGET_LIMITS = {
  conversationStarts: 30,
  conversationWindowSeconds: 15 * 60,
  messagesPerMinute: 30,
  uploads: 20,
  uploadWindowSeconds: 60 * 60,
} as const;

/** A widget visitor, checked: the token is good, the snippet still there and the origin still allowed. */
export interface WidgetVisitorSession extends WidgetVisitorClaims {
  expiresAtMs: number;
}

const toolsBySecret = new Map<string, ReturnType<typeof createWidgetTokens>>();
function tokensOf(ctx: AppContext) {
  let tools = toolsBySecret.get(ctx.config.jwtSecret);
  if (!tools) {
    tools = createWidgetTokens(ctx.config.jwtSecret);
    toolsBySecret.set(ctx.config.jwtSecret, tools);
  }
  return tools;
}

export const unavailable = () => notFound(M.widgetNotFound);
/** A page of an origin the snippet does not allow: 403, whatever it asked. */
export const originRefused = () =>
  new AppError('permission_error', M.originRefused, { requiredPermission: 'origin' }, 403);

export const sameText = (a: string, b: string) => {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
};

/**
 * The snippet an embed code names, when its origin may use it: an unknown token or a wrong code
 * is a 404 (the same answer, so neither can be probed apart), a page of another site a 403.
 */
export async function snippetForPage(
  ctx: AppContext,
  token: string,
  code: string | undefined,
  origin: string | undefined,
): Promise<SnippetRecord> {
  const snippet = token.length <= 100 ? await ctx.repos.snippets.byToken(token) : undefined;
  if (!snippet || code === undefined || !sameText(snippet.code, code)) throw unavailable();
  if (!isOriginAllowed(snippet.allowedOrigins, origin)) throw originRefused();
  await assertChannelOn(ctx, snippet.tenantId, snippet.botId);
  return snippet;
}

/** The chat takes visitors only while the bot has the Chat Bubble channel added and enabled. */
async function assertChannelOn(ctx: AppContext, tenantId: string, botId: string): Promise<void> {
  if (!(await isChannelEnabled(ctx.repos.forTenant(tenantId), { id: botId }, CHAT_BUBBLE_CHANNEL.id)))
    throw new AppError('permission_error', M.channelOff, { requiredPermission: 'channel' }, 403);
}

/** Whether a page of this origin may read the snippet's answers (the CORS answer); no error thrown. */
export async function isPageAllowed(ctx: AppContext, token: string, origin: string | undefined) {
  const snippet = token.length <= 100 ? await ctx.repos.snippets.byToken(token) : undefined;
  return snippet !== undefined && isOriginAllowed(snippet.allowedOrigins, origin);
}

const iconUrl = (ctx: AppContext, snippet: SnippetRecord, kind: SnippetIconKind, imageId: string | null) =>
  imageId
    ? `${ctx.config.publicUrl}/api/widget/${encodeURIComponent(snippet.token)}/icons/${kind}?v=${imageId}`
    : null;

/** GET /api/widget/{token}?code=…: what the widget draws itself with. */
export async function widgetConfig(
  ctx: AppContext,
  token: string,
  code: string | undefined,
  origin: string | undefined,
): Promise<WidgetConfig> {
  const snippet = await snippetForPage(ctx, token, code, origin);
  const bot = await ctx.repos.forTenant(snippet.tenantId).bots.getById(snippet.botId);
  if (!bot) throw unavailable();
  const settings = readSnippetSettings(snippet.settings);
  return {
    botId: bot.id,
    displayName: bot.displayName || bot.botName,
    settings,
    avatarUrl: iconUrl(ctx, snippet, 'avatar', settings.avatar),
    bubbleIconUrl: iconUrl(ctx, snippet, 'bubble-icon', settings.bubbleIcon),
    canRemoveUserData: gdprSettingsOf(bot).removeUserData,
  };
}

/** Conversations of the widget: the production flows, the visitor as the user, in the page's language when the bot has it. */
const visitorOrigin = (userKey: string, language?: string): ConversationOrigin => ({
  ...productionOrigin(CHAT_BUBBLE_CHANNEL.id, userKey),
  ...(language ? { language } : {}),
});

async function historyOf(ctx: AppContext, tenantId: string, conversation: ConversationRecord) {
  const turns = await ctx.repos
    .forTenant(tenantId)
    .conversations(conversation.botId)
    .turnsOf(conversation.id);
  return turns
    .filter(isMessageTurn)
    .map(
      (turn): ChatHistoryEntry =>
        turn.direction === 'in'
          ? { from: 'user', activity: turn.activity as InboundActivity }
          : { from: 'bot', activity: turn.activity as OutboundActivity },
    );
}

/**
 * POST /api/widget/{token}/conversations: the visitor's conversation on the bot's production
 * flows. The visitor key the widget kept (or a new one) says who they are; the conversation the
 * widget kept goes on when it is theirs and was active within CONTINUE_CONVERSATION_WITHIN_HOURS,
 * with what was said so far, so a reload or another page of the site shows the same chat.
 */
export async function startWidgetConversation(
  ctx: AppContext,
  token: string,
  body: WidgetConversationBody,
  origin: string | undefined,
  clientAddress: string,
): Promise<WidgetConversationStarted> {
  const snippet = await snippetForPage(ctx, token, body.code, origin);
  const starts = await ctx.shared.rateLimiter.hit(
    `widget-start:${snippet.id}:${clientAddress}`,
    WIDGET_LIMITS.conversationWindowSeconds,
  );
  if (starts > WIDGET_LIMITS.conversationStarts) {
    throw new AppError('rate_limit_error', M.tooManyConversations, {
      retryAfterSeconds: WIDGET_LIMITS.conversationWindowSeconds,
    });
  }
  const scope = ctx.repos.forTenant(snippet.tenantId);
  const bot = await scope.bots.getById(snippet.botId);
  if (!bot) throw unavailable();
  const tokens = tokensOf(ctx);
  const keptId = body.visitorKey ? tokens.visitorIdOf(bot.id, body.visitorKey) : undefined;
  const visitorKey = keptId && body.visitorKey ? body.visitorKey : tokens.newVisitorKey(bot.id);
  const visitorId = keptId ?? tokens.visitorIdOf(bot.id, visitorKey);
  if (!visitorId) throw new Error('a new visitor key did not verify');
  const userKey = `web-${visitorId}`;
  const conversationOrigin = visitorOrigin(userKey, body.language);

  let conversation: ConversationRecord | undefined;
  let isContinued = false;
  let history: ChatHistoryEntry[] = [];
  if (body.conversationId && !body.startNew) {
    const kept = await scope.conversations(bot.id).get(body.conversationId);
    const since = Date.now() - CONTINUE_CONVERSATION_WITHIN_HOURS * 3_600_000;
    if (
      kept &&
      kept.channel === CHAT_BUBBLE_CHANNEL.id &&
      kept.userKey === userKey &&
      !kept.endedAt &&
      Date.parse(kept.lastActivityAt) >= since
    ) {
      conversation = kept;
      isContinued = true;
      history = await historyOf(ctx, snippet.tenantId, kept);
    }
  }
  if (!conversation) {
    const joined = await joinConversation(scope, bot, conversationOrigin, {
      startNew: body.startNew ?? false,
    });
    ({ conversation, isContinued, history } = joined);
  }
  const { token: visitorToken, expiresAt } = await tokens.signVisitor(
    { tenantId: snippet.tenantId, botId: bot.id, snippetId: snippet.id, userKey, origin: origin ?? '' },
    WIDGET_VISITOR_TTL_MS,
  );
  return {
    conversationId: conversation.id,
    botId: bot.id,
    language: conversation.language,
    visitorKey,
    visitorToken,
    expiresAt: expiresAt.toISOString(),
    websocketUrl: websocketUrl(ctx.config.publicUrl),
    isContinued,
    history,
  };
}

/**
 * The visitor a token stands for, checked as things are now: the snippet must still exist and
 * still allow the origin the token was given to. With `request` (a websocket's upgrade, an
 * upload) the request's own Origin header must be allowed too, as for the widget's other calls:
 * a request without one is refused when the snippet names origins. Throws
 * unauthorised_error_code (ended) or a 403 (origin not allowed).
 */
export async function widgetVisitorSession(
  ctx: AppContext,
  visitorToken: string,
  request?: { origin: string | undefined },
): Promise<WidgetVisitorSession> {
  const claims = await tokensOf(ctx).verifyVisitor(visitorToken);
  const snippet = await ctx.repos.forTenant(claims.tenantId).snippets(claims.botId).byId(claims.snippetId);
  if (!snippet) throw new AppError('unauthorised_error_code', M.visitorEnded);
  const origin = claims.origin === '' ? undefined : claims.origin;
  if (!isOriginAllowed(snippet.allowedOrigins, origin)) throw originRefused();
  if (request && !isOriginAllowed(snippet.allowedOrigins, request.origin)) throw originRefused();
  await assertChannelOn(ctx, claims.tenantId, claims.botId);
  return claims;
}

/** A visitor follows and talks in only their own conversations of the snippet's bot, on its channel. */
export const isWidgetConversation = (
  ctx: AppContext,
  session: WidgetVisitorSession,
  topic: TopicOf<'conversation'>,
): Promise<boolean> => isVisitorConversation(ctx, session, CHAT_BUBBLE_CHANNEL.id, topic);

/** A visitor's message: the turn runs on the production flows and goes out on the conversation's topic. */
export async function sayAsVisitor(
  ctx: AppContext,
  session: WidgetVisitorSession,
  topic: TopicOf<'conversation'>,
  activity: InboundActivity,
): Promise<void> {
  const said = await ctx.shared.rateLimiter.hit(`widget-say:${session.botId}:${session.userKey}`, 60);
  if (said > WIDGET_LIMITS.messagesPerMinute)
    throw new AppError('rate_limit_error', M.tooManyMessages, { retryAfterSeconds: 60 });
  if (!(await isWidgetConversation(ctx, session, topic))) throw unavailable();
  const scope = ctx.repos.forTenant(session.tenantId);
  const bot = await scope.bots.getById(session.botId);
  if (!bot) throw unavailable();
  const answer = await takeTurn(
    ctx,
    scope,
    bot,
    topic.conversationId,
    visitorOrigin(session.userKey),
    activity,
  );
  await publishTurn(ctx, bot, topic, answer, activity);
}
