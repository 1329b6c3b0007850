import { AppError, CONTINUE_CONVERSATION_WITHIN_HOURS } from '@parley/contracts';
import type { ResponseEnvelope } from 'ask-sdk-model';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { isChannelEnabled } from '../channel-plugins';
import { channelFileUrl } from '../messaging/channel-files';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import { greetingUtteranceOf } from '../messaging/greeting-utterance';
import { receiveMessage } from '../messaging/inbound-message';
import type { MessagingPlatform, PlatformKeys } from '../messaging/messaging-platform';
import { alexaChannel } from './alexa-channel';
import {
  type AlexaEnvelope,
  type AlexaRequest,
  alexaEnvelopeSchema,
  applicationIdOf,
  knownRequestOf,
  offeredOptionsOf,
  userIdOf,
} from './alexa-request';
import {
  ALEXA_VERIFICATION_MESSAGES,
  AlexaVerificationError,
  isFreshTimestamp,
  verifyAlexaSignature,
} from './alexa-request-verification';
import {
  alexaResponseOf,
  closingAlexaResponse,
  sessionEndedResponse,
  silentAlexaResponse,
} from './alexa-speech';
import { activityOfUtterance } from './alexa-utterance';

export const ALEXA_WEBHOOK_MESSAGES = {
  unknownWebhook: 'There is no Alexa skill endpoint at this address.',
  notJson: 'The request body is not an Alexa request.',
  switchedOff: 'This skill is switched off.',
} as const;

/** Intents of Alexa's own that end the session (the user said stop, cancel or go home). */
const ENDING_INTENTS = new Set(['AMAZON.StopIntent', 'AMAZON.CancelIntent', 'AMAZON.NavigateHomeIntent']);
/** Alexa's own intents that stand for words the bot understands. */
const WORDS_OF_INTENTS: Record<string, string> = {
  'AMAZON.HelpIntent': 'help',
  'AMAZON.YesIntent': 'yes',
  'AMAZON.NoIntent': 'no',
};

/**
 * Answers of requests already answered, for Alexa's retry of the same request id (kept for the
 * timestamp tolerance: an older retry is refused anyway). Another process answers a retry silently.
 */
const RETRY_WINDOW_MS = 300_000;
const MAX_REMEMBERED_ANSWERS = 1000;
const answersByRequest = new Map<string, { answer: ResponseEnvelope; at: number }>();
function rememberAnswer(key: string, answer: ResponseEnvelope) {
  const now = Date.now();
  for (const [known, { at }] of answersByRequest) {
    if (now - at < RETRY_WINDOW_MS && answersByRequest.size < MAX_REMEMBERED_ANSWERS) break;
    answersByRequest.delete(known);
  }
  answersByRequest.set(key, { answer, at: now });
}

const refused = (message: string) => new AppError('unauthorised_error_code', message);
const notAnAlexaRequest = () => new AppError('validation_error', ALEXA_WEBHOOK_MESSAGES.notJson);

/** The words of an intent request: the catch-all's query (or any slot's value), or Alexa's own intent's words. */
function wordsOfIntent(intent: { name: string; slots?: Record<string, { value?: string }> }): string {
  const known = WORDS_OF_INTENTS[intent.name];
  if (known !== undefined) return known;
  const slots = Object.values(intent.slots ?? {});
  const query = intent.slots?.query?.value ?? slots.find((slot) => slot.value?.trim())?.value;
  return query?.trim() ?? '';
}

/** Ends the user's open Alexa conversation (the session ended, or the user said stop). */
async function endConversationOf(ctx: AppContext, keys: PlatformKeys, userKey: string) {
  const conversations = ctx.repos.forTenant(keys.bot.tenantId).conversations(keys.bot.id);
  const open = await conversations.latestOf({
    channel: alexaChannel.id,
    userKey,
    activeSince: new Date(Date.now() - CONTINUE_CONVERSATION_WITHIN_HOURS * 3_600_000).toISOString(),
  });
  if (open && !open.endedAt) await conversations.end(open.id);
}

/** One user turn: what they said goes to the bot, and the bot's answer is the response. */
async function answerTurn(
  ctx: AppContext,
  keys: PlatformKeys,
  envelope: AlexaEnvelope,
  request: AlexaRequest,
  userKey: string,
  text: string,
): Promise<ResponseEnvelope> {
  const optionsWord = String(keys.values.optionsMessage ?? '') || 'option';
  const title = String(keys.values.skillName ?? '') || keys.bot.botName;
  // A new session is a new conversation; a retried request must not end the one it started.
  if (
    envelope.session?.new &&
    (await ctx.repos.channels.isFirstReceipt(
      keys.bot.id,
      alexaChannel.id,
      `new-session:${request.requestId}`,
    ))
  )
    await endConversationOf(ctx, keys, userKey);
  const outcome = await receiveMessage(
    ctx,
    alexaChannel,
    keys,
    {
      messageId: request.requestId,
      userKey,
      // Alexa users cannot be messaged outside their own requests: there is no address to keep.
      address: {},
      activity: activityOfUtterance({ text, offeredOptions: offeredOptionsOf(envelope), optionsWord }),
      ...(request.locale ? { language: request.locale } : {}),
    },
    { send: false },
  );
  const retryKey = `${keys.bot.id}/${request.requestId}`;
  switch (outcome.kind) {
    case 'answered': {
      const parts = outcome.activities.flatMap((activity) =>
        alexaChannel.toOutbound(activity, {
          fileUrl: (fileId) => channelFileUrl(ctx, keys.bot.tenantId, keys.bot.id, fileId),
        }),
      );
      const answer = alexaResponseOf(parts, { optionsWord, title });
      if (answer.response.shouldEndSession)
        await ctx.repos.forTenant(keys.bot.tenantId).conversations(keys.bot.id).end(outcome.conversationId);
      rememberAnswer(retryKey, answer);
      return answer;
    }
    case 'duplicate':
      return answersByRequest.get(retryKey)?.answer ?? silentAlexaResponse(false);
    case 'channelOff':
      return closingAlexaResponse(ALEXA_WEBHOOK_MESSAGES.switchedOff);
    case 'ignored':
      return silentAlexaResponse(false);
  }
}

/** The request, after it was verified: what the skill answers. */
async function answerRequest(
  ctx: AppContext,
  keys: PlatformKeys,
  envelope: AlexaEnvelope,
  userKey: string,
): Promise<ResponseEnvelope> {
  const request = knownRequestOf(envelope);
  if (!request) return sessionEndedResponse();
  const scope = ctx.repos.forTenant(keys.bot.tenantId);
  if (!(await isChannelEnabled(scope, keys.bot, alexaChannel.id)))
    return request.type === 'SessionEndedRequest'
      ? sessionEndedResponse()
      : closingAlexaResponse(ALEXA_WEBHOOK_MESSAGES.switchedOff);
  switch (request.type) {
    case 'SessionEndedRequest':
      await endConversationOf(ctx, keys, userKey);
      return sessionEndedResponse();
    case 'LaunchRequest':
      return answerTurn(ctx, keys, envelope, request, userKey, greetingUtteranceOf(request.locale));
    case 'IntentRequest':
      if (ENDING_INTENTS.has(request.intent.name)) {
        await endConversationOf(ctx, keys, userKey);
        return silentAlexaResponse(true);
      }
      return answerTurn(ctx, keys, envelope, request, userKey, wordsOfIntent(request.intent));
  }
}

/**
 * POST /webhooks/amazon/{webhookId}: the skill's HTTPS endpoint. Only a request Alexa signed, sent
 * within 150 seconds, for the skill id the bot's keys name reaches the bot; anything else is
 * refused with 401 (Amazon asks for a 4xx) and runs nothing.
 */
export function alexaWebhookRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform): void {
  app.post<{ Params: { webhookId: string } }>(
    '/webhooks/amazon/:webhookId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
      if (!keys) throw new AppError('not-found_error', ALEXA_WEBHOOK_MESSAGES.unknownWebhook);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      try {
        await verifyAlexaSignature(
          {
            certificatesUrl: ctx.config.platforms.alexaCertificates,
            trustedCaPem: ctx.config.platformOperator.alexaTrustedCaPem,
          },
          { signature: header('signature-256'), chainUrl: header('signaturecertchainurl') },
          body,
        );
      } catch (error) {
        if (error instanceof AlexaVerificationError) throw refused(error.message);
        throw error;
      }
      let envelope: AlexaEnvelope;
      try {
        const parsed = alexaEnvelopeSchema.safeParse(JSON.parse(body.toString('utf8')));
        if (!parsed.success) throw new Error('not an Alexa request');
        envelope = parsed.data;
      } catch {
        throw notAnAlexaRequest();
      }
      if (!isFreshTimestamp(envelope.request.timestamp)) throw refused(ALEXA_VERIFICATION_MESSAGES.stale);
      const skillId = keys.values.skillId;
      if (typeof skillId !== 'string' || skillId === '' || applicationIdOf(envelope) !== skillId)
        throw refused(ALEXA_VERIFICATION_MESSAGES.otherSkill);
      const userId = userIdOf(envelope);
      if (!userId) throw notAnAlexaRequest();
      return reply
        .header('content-type', 'application/json;charset=UTF-8')
        .send(await answerRequest(ctx, keys, envelope, `alexa:${userId}`));
    },
  );
}
