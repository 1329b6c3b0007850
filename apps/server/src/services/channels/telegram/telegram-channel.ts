import { AppError, type InboundActivity } from '@parley/contracts';
import type { AppContext } from '../../../context';
import { readBotBlockFile } from '../../flows/block-files.service';
import type { ChannelPlugin } from '../channel-plugin';
import type { ChannelRecipient } from '../messaging/messaging-platform';
import { callTelegram } from './telegram-api';
import { optionOfCallback, type TelegramOutbound, toTelegramOutbound } from './telegram-outbound';
import type { TelegramUpdate } from './telegram-update';

/** An update as the webhook read it, with the user's file (if any) already given a download URL by getFile. */
export interface TelegramInbound {
  update: TelegramUpdate;
  files: Array<{ url: string; name: string }>;
}

function activityOf({ update, files }: TelegramInbound): InboundActivity | undefined {
  if (update.callback_query) {
    const option = optionOfCallback(update.callback_query);
    return option ? { type: 'click', text: option } : undefined;
  }
  const message = update.message;
  if (!message) return undefined;
  const text = message.text ?? message.caption;
  if (files.length > 0) return { type: 'attachment', files, ...(text ? { text } : {}) };
  return text && text.trim() !== '' ? { type: 'text', text } : undefined;
}

async function uploadDocument(
  ctx: AppContext,
  to: ChannelRecipient,
  token: string,
  upload: { fileId: string; name: string },
): Promise<void> {
  const bot = to.keys.bot;
  let download: Awaited<ReturnType<typeof readBotBlockFile>>;
  try {
    download = await readBotBlockFile(ctx, ctx.repos.forTenant(bot.tenantId), bot.id, upload.fileId);
  } catch (error) {
    // The file was deleted from the flow since: nothing to send, and trying again will not help.
    if (error instanceof AppError && error.status === 404) {
      ctx.log.warn({ botId: bot.id, fileId: upload.fileId }, 'a Telegram document is gone; not sent');
      return;
    }
    throw error;
  }
  const form = new FormData();
  form.set('chat_id', String(to.address.chatId));
  form.set(
    'document',
    new Blob([new Uint8Array(download.data)], { type: download.contentType }),
    upload.name,
  );
  await callTelegram(ctx, token, 'sendDocument', form);
}

/**
 * Telegram (Bot API): messages and button presses in; texts, inline keyboards, photos and
 * documents out. Connected once getMe accepted the bot's token (isValidated).
 */
export const telegramChannel: ChannelPlugin<TelegramInbound, TelegramOutbound, 'telegram'> = {
  id: 'telegram',
  async isConnected(scope, bot) {
    return (await scope.channelKeys(bot.id).get('telegram'))?.keys.isValidated === true;
  },
  toActivity: activityOf,
  toOutbound: toTelegramOutbound,
  async send(ctx, to, message) {
    const token = to.keys.values.accessToken;
    if (typeof token !== 'string' || token === '') throw new Error('Telegram: the bot has no access token');
    if (message.method === 'sendDocument') return uploadDocument(ctx, to, token, message.upload);
    await callTelegram(ctx, token, message.method, { chat_id: to.address.chatId, ...message.body });
  },
};
