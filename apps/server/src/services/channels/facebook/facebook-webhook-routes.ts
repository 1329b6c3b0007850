import { AppError, notFound } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import type { ChannelPlugin } from '../channel-plugin';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import { receiveMessage } from '../messaging/inbound-message';
import type { MessagingPlatform, PlatformKeys } from '../messaging/messaging-platform';
import { facebookChannel } from './facebook-channel';
import { credentialsOf, isSameSecret, isSignedByApp, verifyTokenOf } from './facebook-keys';
import { type MessagingEvent, messagingEventSchema, webhookBodySchema } from './facebook-messages';

type WebhookParams = { Params: { webhookId: string } };

/**
 * Meta retries a webhook that does not answer within seconds: the events are answered within
 * this time when they can be, else the answer goes out and the turn finishes after it.
 */
const ANSWER_WITHIN_MS = 4000;

export const FACEBOOK_WEBHOOK_MESSAGES = {
  unknownWebhook: 'facebook webhook',
  wrongVerifyToken: 'The verify token does not match this bot’s.',
  notSetUp: 'This bot has no Facebook app secret: its webhook cannot check who calls it.',
  unsigned: 'The request has no X-Hub-Signature-256 header.',
  badSignature: 'The request’s X-Hub-Signature-256 does not match its body.',
  notJson: 'The body must be JSON.',
} as const;
const M = FACEBOOK_WEBHOOK_MESSAGES;

/**
 * GET /webhooks/facebook/{webhookId}: Meta's verification handshake, when the callback URL is
 * entered in the app's webhook settings. POST: the page's events, signed with the app secret.
 */
export function facebookWebhookRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform) {
  const path = '/webhooks/facebook/:webhookId';

  app.get<WebhookParams>(path, { config: { access: 'public' } }, async (request, reply) => {
    const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
    if (!keys) throw notFound(M.unknownWebhook);
    const query = request.query as Record<string, unknown>;
    const token = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      typeof token !== 'string' ||
      typeof challenge !== 'string' ||
      !isSameSecret(token, verifyTokenOf(ctx, keys.webhookId))
    )
      throw new AppError('unauthorised_error_code', M.wrongVerifyToken, {}, 403);
    return reply.header('content-type', 'text/plain; charset=utf-8').send(challenge);
  });

  app.post<WebhookParams>(path, { config: { access: 'public' } }, async (request, reply) => {
    const keys = await keysOfWebhook(ctx, platform, request.params.webhookId);
    if (!keys) throw notFound(M.unknownWebhook);
    const { appSecret, pageId } = credentialsOf(keys);
    const signature = request.headers['x-hub-signature-256'];
    if (typeof signature !== 'string' || signature === '')
      throw new AppError('unauthorised_error_code', M.unsigned);
    if (appSecret === '') throw new AppError('unauthorised_error_code', M.notSetUp, {}, 403);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isSignedByApp(body, signature, appSecret))
      throw new AppError('unauthorised_error_code', M.badSignature, {}, 403);

    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('validation_error', M.notJson);
    }
    const parsed = webhookBodySchema.safeParse(json);
    // Meta sends only 'page' events here; anything else is acknowledged so it is not sent again.
    if (parsed.success && parsed.data.object === 'page') {
      const events = parsed.data.entry
        // Only the configured page: another page subscribed to the same app is not this bot's.
        .filter((entry) => pageId !== '' && entry.id === pageId)
        .flatMap((entry) => (entry.messaging ?? []).map((event) => ({ entry, event })))
        .flatMap(({ entry, event }) => {
          const one = messagingEventSchema.safeParse(event);
          return one.success ? [{ pageId: entry.id, time: entry.time, event: one.data }] : [];
        });
      await withinDeadline(ctx, takeEvents(ctx, keys, events));
    }
    return reply.header('content-type', 'text/plain; charset=utf-8').send('EVENT_RECEIVED');
  });
}

/** Each event in the order Meta sent them (one user's messages must not overtake each other). */
async function takeEvents(
  ctx: AppContext,
  keys: PlatformKeys,
  events: readonly { pageId: string; time: number | undefined; event: MessagingEvent }[],
): Promise<void> {
  for (const { pageId, time, event } of events) {
    const activity = facebookChannel.toActivity(event);
    if (!activity) continue;
    // Postbacks from older clients carry no mid: the sender and the moment name them.
    const messageId =
      event.message?.mid ?? event.postback?.mid ?? `postback:${event.sender.id}:${event.timestamp ?? time}`;
    await receiveMessage(
      ctx,
      facebookChannel as ChannelPlugin<unknown, unknown>,
      keys,
      {
        messageId,
        userKey: `facebook:${event.sender.id}`,
        address: { psid: event.sender.id, pageId },
        activity,
      },
      { send: true },
    );
  }
}

/** Waits for the work up to ANSWER_WITHIN_MS; after that it goes on while the webhook answers. */
async function withinDeadline(ctx: AppContext, work: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ANSWER_WITHIN_MS);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([work.then(() => 'done' as const), late]);
    if (outcome === 'late')
      work.catch((error) =>
        ctx.log.error({ err: error }, 'a Facebook event failed after the webhook answered'),
      );
  } finally {
    clearTimeout(timer);
  }
}
