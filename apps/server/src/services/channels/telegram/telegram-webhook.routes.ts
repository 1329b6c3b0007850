import { AppError } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import { receiveMessage } from '../messaging/inbound-message';
import { type MessagingPlatform, type PlatformKeys, webhookUrlOf } from '../messaging/messaging-platform';
import { callTelegram } from './telegram-api';
import { type TelegramInbound, telegramChannel } from './telegram-channel';
import { telegramFileLink } from './telegram-file-link';
import { fileOfMessage, type TelegramUpdate, telegramUpdateSchema } from './telegram-update';
import { isTelegramSecret } from './telegram-webhook-secret';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export const TELEGRAM_WEBHOOK_MESSAGES = {
  unauthorised: 'This request does not come from Telegram.',
  unknownWebhook: 'This webhook is not known.',
  notJson: 'An update must be JSON.',
} as const;
const M = TELEGRAM_WEBHOOK_MESSAGES;

function parseJson(body: unknown): { value: unknown } | undefined {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    return { value: JSON.parse(body.toString('utf8')) };
  } catch {
    return undefined;
  }
}

/**
 * The user's file, as a signed Parley link (Telegram's own address holds the bot's token); none
 * when getFile refuses it (over 20 MB, Telegram's limit for bots).
 */
async function filesOf(ctx: AppContext, keys: PlatformKeys, token: string, update: TelegramUpdate) {
  const file = update.message && fileOfMessage(update.message);
  if (!file) return [];
  try {
    await callTelegram(ctx, token, 'getFile', { file_id: file.fileId });
  } catch (error) {
    ctx.log.warn({ err: error }, 'a Telegram user file could not be found');
    return [];
  }
  const webhookUrl = webhookUrlOf(ctx, 'telegram', keys.webhookId);
  return [{ url: telegramFileLink(ctx, webhookUrl, keys.webhookId, file.fileId), name: file.name }];
}

/** Where the update came from: the chat the bot answers in, and the user's language. */
function senderOf(update: TelegramUpdate) {
  const query = update.callback_query;
  const message = query ? query.message : update.message;
  if (!message) return undefined;
  const from = query ? query.from : message.from;
  if (from?.is_bot) return undefined;
  return {
    chatId: message.chat.id,
    // A press and a message have ids of their own; update_id restarts at random after a quiet week.
    messageId: query ? `callback:${query.id}` : `message:${message.chat.id}:${message.message_id}`,
    language: from?.language_code,
  };
}

async function handleUpdate(ctx: AppContext, keys: PlatformKeys, token: string, update: TelegramUpdate) {
  const query = update.callback_query;
  // Stops the spinner on the pressed button, whatever the bot answers.
  if (query)
    await callTelegram(ctx, token, 'answerCallbackQuery', { callback_query_id: query.id }).catch((error) =>
      ctx.log.warn({ err: error }, 'Telegram did not take answerCallbackQuery'),
    );
  const sender = senderOf(update);
  if (!sender) return;
  const inbound: TelegramInbound = { update, files: await filesOf(ctx, keys, token, update) };
  const activity = telegramChannel.toActivity(inbound);
  if (!activity) return;
  await receiveMessage(
    ctx,
    telegramChannel,
    keys,
    {
      messageId: sender.messageId,
      userKey: `telegram:${sender.chatId}`,
      address: { chatId: sender.chatId },
      activity,
      ...(sender.language ? { language: sender.language } : {}),
    },
    { send: true },
  );
}

/**
 * POST /webhooks/telegram/{webhookId}: the updates Telegram sends to the URL setWebhook gave it.
 * Each carries the secret_token set then (X-Telegram-Bot-Api-Secret-Token): without it the
 * update reaches no bot. Anything read is answered 200, also what the bot ignores and retries
 * of an update already taken, so Telegram does not send it again.
 */
export function telegramWebhookRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform) {
  app.post<{ Params: { webhookId: string } }>(
    '/webhooks/telegram/:webhookId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { webhookId } = request.params;
      const keys = await keysOfWebhook(ctx, platform, webhookId);
      if (!keys) throw new AppError('not-found_error', M.unknownWebhook);
      if (!isTelegramSecret(ctx, webhookId, request.headers[SECRET_HEADER]))
        throw new AppError('unauthorised_error_code', M.unauthorised);
      const token = keys.values.accessToken;
      if (typeof token !== 'string' || token === '') throw new AppError('not-found_error', M.unknownWebhook);
      const body = parseJson(request.body);
      if (!body) throw new AppError('validation_error', M.notJson);
      const update = telegramUpdateSchema.safeParse(body.value);
      // An update of a kind or shape the bot does not read: taken, so Telegram does not retry it.
      if (update.success) await handleUpdate(ctx, keys, token, update.data);
      return reply.code(200).send({});
    },
  );
}
