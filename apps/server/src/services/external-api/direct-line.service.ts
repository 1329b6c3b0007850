import { randomBytes } from 'node:crypto';
import {
  API_CONVERSATION_LIFETIME,
  AppError,
  EXTERNAL_API_CHANNEL,
  type InboundActivity,
  inboundActivitySchema,
  readBotSettings,
} from '@parley/contracts';
import type {
  Bot,
  ConversationRecord,
  DirectLineConversationRecord,
  ExternalApiKeyRecord,
  TenantScope,
} from '@parley/db';
import type { AppContext } from '../../context';
import { cachedBot } from '../../shared-state/bot-runtime-cache';
import { productionOrigin } from '../channels/channel-plugin';
import { isChannelEnabled } from '../channels/channel-plugins';
import {
  type ConversationOrigin,
  startConversation,
  takeTurn,
} from '../conversations/conversation-turns.service';
import { publishTurn } from '../conversations/turn-details';
import { directLineUrl, keyIdOf, keyRecordOf, unlockedKey } from './api-keys.service';
import {
  activityIdOf,
  activityOfTurn,
  type BotFrameworkActivity,
  CHANNEL_DATA_MAX_BYTES,
  type DirectLineParties,
  envelopeOf,
  inboundActivityOf,
  typingActivity,
} from './direct-line-activities';
import { planDelivery } from './direct-line-delivery';
import {
  DIRECT_LINE_STREAM_TTL_SECONDS,
  DIRECT_LINE_TOKEN_TTL_SECONDS,
  type DirectLineClaims,
  directLineTokensFor,
} from './direct-line-tokens';

/** Requests a key may make per minute, across its conversations and every server process. */
export const DIRECT_LINE_LIMITS = {
  requestsPerMinutePerKey: 3000,
  /** Activities one GET (or one stream frame) carries at most; the watermark says where to go on. */
  activitiesPerRead: 200,
  userIdMaxLength: 256,
  clientActivityIdMaxLength: 200,
  /** Rows before the watermark read to place a held-back answer in its turn. */
  answerContextRows: 100,
} as const;

/**
 * Direct Line's error codes (its ErrorResponse `{error: {code, message}}`), by the HTTP status a
 * failure answers with.
 */
export const DIRECT_LINE_ERROR_CODES = {
  400: 'BadArgument',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'MessageSizeTooBig',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  500: 'ServiceError',
} as const;

export const DIRECT_LINE_MESSAGES = {
  missingCredentials: 'Send the API key or a token as Authorization: Bearer <key or token>.',
  badCredentials: 'The API key or token is not valid, or the key was locked or deleted.',
  tokenExpired: 'Token expired. Refresh the token before it ends, or reconnect with the API key.',
  wrongConversation: 'This token is for another conversation.',
  secretOnly: 'Use the API key (the secret) for this call, not a token.',
  tokenOnly: 'Refresh a token with that token, not with the API key.',
  unknownConversation: 'There is no such conversation.',
  expired: 'This conversation has expired. Start a new one.',
  badWatermark: 'The watermark is the number a previous answer gave.',
  badActivity: 'An activity is a JSON object with a type: a message or an event.',
  channelDataTooBig: `An activity's channelData holds at most ${CHANNEL_DATA_MAX_BYTES / 1024} KB.`,
  badUser: `user.id is a text of 1 to ${DIRECT_LINE_LIMITS.userIdMaxLength} characters.`,
  tooManyRequests: 'Too many requests with this key. Wait a minute and send again.',
  channelDisabled: "The bot's API channel is not enabled: add and enable it on the bot's Configuration tab.",
} as const;

/** A Direct Line failure: the status and Direct Line's code; outside Direct Line's routes a custom_error. */
export function directLineError(status: keyof typeof DIRECT_LINE_ERROR_CODES, message: string): AppError {
  return new AppError('custom_error', message, { directLineCode: DIRECT_LINE_ERROR_CODES[status] }, status);
}

/** An expired Direct Line token: 403 with Direct Line's own code, on which clients refresh or reconnect. */
export const tokenExpiredError = (): AppError =>
  new AppError('custom_error', DIRECT_LINE_MESSAGES.tokenExpired, { directLineCode: 'TokenExpired' }, 403);

/** Who calls: the key they showed (or their token's), and the conversation a token binds them to. */
export interface DirectLineCaller {
  key: ExternalApiKeyRecord;
  /** Set when the caller showed a token: the only conversation it opens. */
  token?: DirectLineClaims;
}

/** A conversation as Direct Line serves it: checked alive, of the caller's key. */
export interface DirectLineConversation {
  scope: TenantScope;
  bot: Bot;
  conversation: ConversationRecord;
  /** Whose key started it, and which user talks in it. */
  record: Pick<DirectLineConversationRecord, 'keyId' | 'userId'>;
  claims: DirectLineClaims;
}

/** Conversations of the channel: the production flows, the client's user as the user. */
const apiOrigin = (userId: string): ConversationOrigin => productionOrigin(EXTERNAL_API_CHANNEL.id, userId);

/** The channel takes traffic only while the bot has it added and enabled on its Configuration tab. */
async function assertChannelEnabled(ctx: AppContext, scope: TenantScope, bot: Bot): Promise<void> {
  const isEnabled = await ctx.botRuntime.remember(bot, `channel-enabled:${EXTERNAL_API_CHANNEL.id}`, () =>
    isChannelEnabled(scope, bot, EXTERNAL_API_CHANNEL.id),
  );
  if (!isEnabled) throw directLineError(403, DIRECT_LINE_MESSAGES.channelDisabled);
}

const bearerOf = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S{1,4096})\s*$/i.exec(authorization ?? '');
  return match?.[1];
};

/**
 * The caller of a Direct Line call, from `Authorization: Bearer`: one of a bot's unlocked API keys
 * (the secret) or a token made from one. The key is read from the database each time, so a
 * locked or deleted key, and every token made from it, opens nothing from that moment. Each
 * call counts against the key's rate limit, shared by all processes.
 */
export async function directLineCaller(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<DirectLineCaller> {
  const bearer = bearerOf(authorization);
  if (!bearer) throw directLineError(401, DIRECT_LINE_MESSAGES.missingCredentials);
  let caller: DirectLineCaller | undefined;
  if (keyIdOf(bearer)) {
    const key = await unlockedKey(ctx, bearer);
    if (key) caller = { key };
  } else {
    const claims = await directLineTokensFor(ctx.config.jwtSecret).verify('conversation', bearer);
    if (claims === 'expired') throw tokenExpiredError();
    const key = claims && (await keyRecordOf(ctx, claims.keyId));
    if (claims && key && !key.isLocked && key.botId === claims.botId && key.tenantId === claims.tenantId)
      caller = { key, token: claims };
  }
  if (!caller) throw directLineError(403, DIRECT_LINE_MESSAGES.badCredentials);
  await countRequest(ctx, caller.key.keyId);
  return caller;
}

async function countRequest(ctx: AppContext, keyId: string): Promise<void> {
  const hits = await ctx.shared.rateLimiter.hit(`direct-line:${keyId}`, 60);
  if (hits > DIRECT_LINE_LIMITS.requestsPerMinutePerKey) {
    throw new AppError(
      'custom_error',
      DIRECT_LINE_MESSAGES.tooManyRequests,
      { directLineCode: DIRECT_LINE_ERROR_CODES[429], retryAfterSeconds: 60 },
      429,
    );
  }
}

/**
 * A conversation the caller may use: started with the caller's key (a token: its own
 * conversation only), of a bot that still exists, and not quiet for longer than the bot's
 * conversation timeout. Anything else is as unknown as a conversation that never was (404),
 * except another conversation's token (403).
 */
export async function conversationFor(
  ctx: AppContext,
  caller: DirectLineCaller,
  conversationId: string,
): Promise<DirectLineConversation> {
  const found = await conversationOfCaller(ctx, caller, conversationId);
  const conversation = await found.scope.conversations(found.bot.id).get(conversationId);
  if (!conversation) throw directLineError(404, DIRECT_LINE_MESSAGES.unknownConversation);
  assertAlive(conversation, found.lifetimeMs);
  return { ...found, conversation };
}

/** A conversation the caller may use, checked before it is read (a turn reads it once). */
export type CallerConversation = Omit<DirectLineConversation, 'conversation'> & { lifetimeMs: number };

/**
 * What conversationFor checks before the conversation itself: the caller's key, the bot and its
 * channel, the conversation's record and its lifetime, each kept in memory between calls (a
 * turn reads the conversation once, and checks its age then: `assertAlive`).
 */
export async function conversationOfCaller(
  ctx: AppContext,
  caller: DirectLineCaller,
  conversationId: string,
): Promise<CallerConversation> {
  if (caller.token && caller.token.conversationId !== conversationId)
    throw directLineError(403, DIRECT_LINE_MESSAGES.wrongConversation);
  const unknown = () => directLineError(404, DIRECT_LINE_MESSAGES.unknownConversation);
  if (conversationId.length > 100) throw unknown();
  const { key } = caller;
  const scope = ctx.repos.forTenant(key.tenantId);
  const bot = await cachedBot(ctx.botRuntime, scope, key.botId);
  if (!bot) throw unknown();
  const repo = scope.externalApi(key.botId);
  // A token names its conversation, its key and its user, signed: only the key itself needs the record read.
  const record: Pick<DirectLineConversationRecord, 'keyId' | 'userId'> | undefined = caller.token
    ? { keyId: caller.token.keyId, userId: caller.token.userId }
    : await repo.conversation(conversationId);
  if (!record || record.keyId !== key.keyId) throw unknown();
  const lifetime = await ctx.botRuntime.remember(bot, 'direct-line-lifetime', () =>
    repo.conversationLifetime(),
  );
  await assertChannelEnabled(ctx, scope, bot);
  return {
    scope,
    bot,
    record,
    lifetimeMs: (lifetime ?? API_CONVERSATION_LIFETIME.defaultSeconds) * 1000,
    claims: {
      tenantId: key.tenantId,
      botId: key.botId,
      keyId: key.keyId,
      conversationId,
      userId: record.userId,
    },
  };
}

/** A conversation quiet for longer than the bot's timeout has expired. */
function assertAlive(conversation: ConversationRecord, lifetimeMs: number): void {
  if (Date.now() - Date.parse(conversation.lastActivityAt) > lifetimeMs)
    throw directLineError(404, DIRECT_LINE_MESSAGES.expired);
}

/** Direct Line's Conversation object: the id, a token for it, and where its stream is. */
export interface DirectLineConversationView {
  conversationId: string;
  token: string;
  expires_in: number;
  streamUrl?: string;
}

/** ws(s)://.../v3/directline/conversations/{id}/stream?watermark=&t=: the socket that pushes activities. */
async function streamUrlOf(ctx: AppContext, claims: DirectLineClaims, watermark: string): Promise<string> {
  const url = new URL(
    `${directLineUrl(ctx.config.publicUrl)}/conversations/${encodeURIComponent(claims.conversationId)}/stream`,
  );
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const t = await directLineTokensFor(ctx.config.jwtSecret).sign(
    'stream',
    claims,
    DIRECT_LINE_STREAM_TTL_SECONDS,
  );
  url.search = new URLSearchParams({ watermark, t }).toString();
  return url.toString();
}

async function viewOf(
  ctx: AppContext,
  claims: DirectLineClaims,
  options: { watermark?: string; withStream: boolean },
): Promise<DirectLineConversationView> {
  const token = await directLineTokensFor(ctx.config.jwtSecret).sign(
    'conversation',
    claims,
    DIRECT_LINE_TOKEN_TTL_SECONDS,
  );
  return {
    conversationId: claims.conversationId,
    token,
    expires_in: DIRECT_LINE_TOKEN_TTL_SECONDS,
    ...(options.withStream ? { streamUrl: await streamUrlOf(ctx, claims, options.watermark ?? '') } : {}),
  };
}

/** The user a client names when it starts a conversation (`user.id`), else one made up. */
function userIdFrom(body: unknown): string {
  const user = typeof body === 'object' && body !== null ? (body as { user?: unknown }).user : undefined;
  const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : undefined;
  if (id === undefined || id === null) return `dl_${randomBytes(12).toString('base64url')}`;
  if (typeof id !== 'string' || id.trim() === '' || id.length > DIRECT_LINE_LIMITS.userIdMaxLength)
    throw directLineError(400, DIRECT_LINE_MESSAGES.badUser);
  return id;
}

/** The language a client asks for when it starts a conversation (`locale`, a BCP 47 tag); a malformed one is left aside. */
function localeFrom(body: unknown): string | undefined {
  const locale =
    typeof body === 'object' && body !== null ? (body as { locale?: unknown }).locale : undefined;
  return typeof locale === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/.test(locale)
    ? locale
    : undefined;
}

/** A new conversation of the key's bot, on the flows activated to production, in the language the client asks for when the bot has it. */
async function newConversation(
  ctx: AppContext,
  key: ExternalApiKeyRecord,
  body: unknown,
): Promise<DirectLineClaims> {
  const userId = userIdFrom(body);
  const scope = ctx.repos.forTenant(key.tenantId);
  const bot = await scope.bots.getById(key.botId);
  if (!bot) throw directLineError(403, DIRECT_LINE_MESSAGES.badCredentials);
  await assertChannelEnabled(ctx, scope, bot);
  const locale = localeFrom(body);
  const conversation = await startConversation(scope, bot, {
    ...apiOrigin(userId),
    ...(locale ? { language: locale } : {}),
  });
  await scope
    .externalApi(bot.id)
    .addConversation({ conversationId: conversation.id, keyId: key.keyId, userId });
  return { tenantId: key.tenantId, botId: bot.id, keyId: key.keyId, conversationId: conversation.id, userId };
}

/**
 * POST /v3/directline/conversations: with the key, a new conversation; with a token (from
 * tokens/generate), the token's conversation. Either way its token and stream.
 */
export async function startDirectLineConversation(
  ctx: AppContext,
  caller: DirectLineCaller,
  body: unknown,
): Promise<DirectLineConversationView> {
  const claims = caller.token
    ? (await conversationFor(ctx, caller, caller.token.conversationId)).claims
    : await newConversation(ctx, caller.key, body);
  return viewOf(ctx, claims, { withStream: true });
}

/** POST /v3/directline/tokens/generate: with the key, a token for a new conversation (no stream yet). */
export async function generateDirectLineToken(
  ctx: AppContext,
  caller: DirectLineCaller,
  body: unknown,
): Promise<DirectLineConversationView> {
  if (caller.token) throw directLineError(403, DIRECT_LINE_MESSAGES.secretOnly);
  return viewOf(ctx, await newConversation(ctx, caller.key, body), { withStream: false });
}

/** POST /v3/directline/tokens/refresh: a new token for the same conversation, while it lives. */
export async function refreshDirectLineToken(
  ctx: AppContext,
  caller: DirectLineCaller,
): Promise<DirectLineConversationView> {
  if (!caller.token) throw directLineError(403, DIRECT_LINE_MESSAGES.tokenOnly);
  const { claims } = await conversationFor(ctx, caller, caller.token.conversationId);
  return viewOf(ctx, claims, { withStream: false });
}

/** GET /v3/directline/conversations/{id}?watermark=: reconnecting, a fresh token and stream address. */
export async function reconnectDirectLineConversation(
  ctx: AppContext,
  caller: DirectLineCaller,
  conversationId: string,
  watermark: string | undefined,
): Promise<DirectLineConversationView> {
  const { claims } = await conversationFor(ctx, caller, conversationId);
  return viewOf(ctx, claims, { withStream: true, watermark: String(watermarkOf(watermark)) });
}

/** A watermark as a client sends it back: empty (from the start) or a turn number. */
export function watermarkOf(text: unknown): number {
  if (text === undefined || text === '' || text === '-') return 0;
  if (typeof text !== 'string' || !/^\d{1,12}$/.test(text))
    throw directLineError(400, DIRECT_LINE_MESSAGES.badWatermark);
  return Number(text);
}

/** Direct Line's ActivitySet: the activities after the watermark and the watermark to send next. */
export interface ActivitySet {
  activities: BotFrameworkActivity[];
  watermark: string;
}

/** An ActivitySet as the clock has it now: with the bot typing, and when its next message is due. */
export interface DeliverySet extends ActivitySet {
  /** The bot's next message waits for the in-between delay: the client is told it is typing. */
  typing?: BotFrameworkActivity;
  /** When that message is due (ms since the epoch): a stream reads again then. */
  nextDueAt?: number;
}

/**
 * The activities of a conversation after a watermark, read from its turns (any process answers
 * alike), given as the chat bubble shows them: the bot's messages of a turn the bot's in-between
 * delay apart (`planDelivery`), a typing activity while the next one waits.
 */
export async function activitiesAfter(
  ctx: AppContext,
  found: DirectLineConversation,
  watermark: number,
): Promise<DeliverySet> {
  const repo = found.scope.externalApi(found.bot.id);
  const turns = await repo.turnsAfter(found.conversation.id, watermark, DIRECT_LINE_LIMITS.activitiesPerRead);
  // Stopped inside a turn's answer (a message held back by the delay): where that turn stands.
  const context =
    watermark > 0 && turns[0]?.direction === 'out'
      ? await repo.rowsUpTo(found.conversation.id, watermark, DIRECT_LINE_LIMITS.answerContextRows)
      : [];
  const plan = planDelivery(context, turns, readBotSettings(found.bot.settings).delay, Date.now());
  const hasFiles = plan.delivered.some(
    ({ row }) =>
      row.direction === 'out' && (row.activity as { type?: unknown } | null)?.type === 'attachment',
  );
  const fileToken = hasFiles
    ? await directLineTokensFor(ctx.config.jwtSecret).sign(
        'file',
        found.claims,
        DIRECT_LINE_TOKEN_TTL_SECONDS,
      )
    : '';
  const base = `${directLineUrl(ctx.config.publicUrl)}/conversations/${encodeURIComponent(found.conversation.id)}/files`;
  const fileUrl = (fileId: string) =>
    `${base}/${encodeURIComponent(fileId)}?t=${encodeURIComponent(fileToken)}`;
  const parties: DirectLineParties = {
    conversationId: found.conversation.id,
    userId: found.record.userId,
    bot: { id: found.bot.botName, name: found.bot.displayName || found.bot.botName },
    locale: found.conversation.language,
  };
  const activities = plan.delivered.flatMap(
    ({ row, ...delivery }) => activityOfTurn(row, parties, fileUrl, delivery) ?? [],
  );
  const { pending } = plan;
  return {
    activities,
    watermark: String(plan.delivered.at(-1)?.row.seq ?? watermark),
    ...(pending
      ? {
          typing: typingActivity(parties, pending.seq, {
            timestamp: pending.typingSince,
            ...(pending.replyToSeq === undefined ? {} : { replyToSeq: pending.replyToSeq }),
          }),
          nextDueAt: pending.dueAt,
        }
      : {}),
  };
}

/** GET /v3/directline/conversations/{id}/activities?watermark=. */
export async function getDirectLineActivities(
  ctx: AppContext,
  caller: DirectLineCaller,
  conversationId: string,
  watermark: unknown,
): Promise<ActivitySet> {
  const after = watermarkOf(watermark);
  const {
    activities,
    watermark: next,
    typing,
  } = await activitiesAfter(ctx, await conversationFor(ctx, caller, conversationId), after);
  // A poller is told the bot is typing while its next message waits; it reads again from the same watermark.
  return { activities: typing ? [...activities, typing] : activities, watermark: next };
}

/**
 * POST /v3/directline/conversations/{id}/activities: the client's message or event is a turn of
 * the conversation on its production flows; the answer is the id of the activity it became
 * (Direct Line's ResourceResponse). The bot's answers reach the stream and the next GET.
 * Typing and other activities that say nothing take no turn.
 */
export async function postDirectLineActivity(
  ctx: AppContext,
  caller: DirectLineCaller,
  conversationId: string,
  body: unknown,
): Promise<{ id: string }> {
  const found = await conversationOfCaller(ctx, caller, conversationId);
  if (
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body) ||
    typeof (body as { type?: unknown }).type !== 'string'
  )
    throw directLineError(400, DIRECT_LINE_MESSAGES.badActivity);
  const posted = body as Record<string, unknown>;
  const activity = activityOfPost(posted);
  if (activity === undefined) return { id: `${conversationId}|x${randomBytes(6).toString('hex')}` };
  return takeDirectLineTurn(ctx, found, activity, clientActivityIdOf(posted));
}

/**
 * A posted activity as the runtime's, with what the client sent beside it (its envelope) kept for
 * the echo; undefined for one that takes no turn (typing). Bad input is a 400, too big a
 * channelData a 413.
 */
export function activityOfPost(posted: Record<string, unknown>): InboundActivity | undefined {
  const candidate = inboundActivityOf(posted);
  if (candidate === undefined) return undefined;
  const envelope = envelopeOf(posted);
  if (
    envelope?.channelData &&
    Buffer.byteLength(JSON.stringify(envelope.channelData)) > CHANNEL_DATA_MAX_BYTES
  )
    throw directLineError(413, DIRECT_LINE_MESSAGES.channelDataTooBig);
  const parsed = inboundActivitySchema.safeParse(
    envelope ? { ...(candidate as Record<string, unknown>), envelope } : candidate,
  );
  if (!parsed.success)
    throw directLineError(400, parsed.error.issues[0]?.message ?? DIRECT_LINE_MESSAGES.badActivity);
  return parsed.data;
}

/**
 * The user's activity as a turn of the conversation on its production flows; the answer is the
 * id of the activity it became (Direct Line's ResourceResponse). The bot's answers reach the
 * stream and the next GET; the POST is answered once the turn is stored, never after the delays.
 */
export async function takeDirectLineTurn(
  ctx: AppContext,
  found: CallerConversation,
  activity: InboundActivity,
  clientActivityId: string | undefined,
): Promise<{ id: string }> {
  const { conversationId } = found.claims;
  const { scope, bot, record, lifetimeMs } = found;
  const answer = await takeTurn(
    ctx,
    scope,
    bot,
    conversationId,
    (conversation) => {
      assertAlive(conversation, lifetimeMs);
      return apiOrigin(record.userId);
    },
    activity,
  );
  if (answer.userSeq !== undefined && clientActivityId)
    await scope.externalApi(bot.id).addPost(conversationId, answer.userSeq, clientActivityId);
  await publishTurn(ctx, bot, { kind: 'conversation', botId: bot.id, conversationId }, answer, activity);
  return {
    id:
      answer.userSeq !== undefined
        ? activityIdOf(conversationId, answer.userSeq)
        : `${conversationId}|x${randomBytes(6).toString('hex')}`,
  };
}

/** The client's own id of its message (Web Chat sends one and waits for it in the echo). */
export function clientActivityIdOf(posted: Record<string, unknown>): string | undefined {
  const channelData = posted.channelData;
  if (typeof channelData !== 'object' || channelData === null) return undefined;
  const id = (channelData as { clientActivityID?: unknown }).clientActivityID;
  return typeof id === 'string' && id.length > 0 && id.length <= DIRECT_LINE_LIMITS.clientActivityIdMaxLength
    ? id
    : undefined;
}
