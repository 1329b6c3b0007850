import type { OutboundActivity } from '@parley/contracts';
import type { OutboundContext } from '../channel-plugin';
import { splitText, textFallbackOf } from '../messaging/text-fallback';
import type { InlineButton, TelegramCallbackQuery } from './telegram-update';

/** Bot API limits (core.telegram.org/bots/api#sendmessage, #inlinekeyboardbutton). */
export const TELEGRAM_LIMITS = {
  textLength: 4096,
  callbackDataBytes: 64,
  /** Buttons we put on one keyboard; longer lists are numbered in the text instead. */
  keyboardButtons: 100,
} as const;

/**
 * One Bot API call to the user's chat (the chat_id is added when it is sent). A file of the bot
 * is uploaded rather than passed by URL: Telegram fetches documents by URL only for PDF, ZIP
 * and GIF, and needs no public address of ours that way.
 */
export type TelegramOutbound =
  | {
      method: 'sendMessage' | 'sendPhoto' | 'sendAnimation' | 'sendChatAction';
      body: Record<string, unknown>;
    }
  | { method: 'sendDocument'; upload: { fileId: string; name: string } };

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * A button's callback_data: the option's place and as much of its text as fits in 64 bytes. A
 * click is read back by the button it names (its full text), the text after '|' otherwise.
 */
export function callbackDataOf(index: number, option: string): string {
  let data = `${index}|`;
  for (const char of option) {
    if (byteLength(data + char) > TELEGRAM_LIMITS.callbackDataBytes) break;
    data += char;
  }
  return data;
}

/** The option a pressed button stands for: its text on the bot's message, else from its data. */
export function optionOfCallback(query: TelegramCallbackQuery): string | undefined {
  const data = query.data;
  if (data === undefined) return undefined;
  const pressed = query.message?.reply_markup?.inline_keyboard
    .flat()
    .find((button) => button.callback_data === data);
  if (pressed) return pressed.text;
  const separator = data.indexOf('|');
  return separator >= 0 ? data.slice(separator + 1) : data;
}

/** One option per row: labels stay readable on a phone. */
const keyboardOf = (options: readonly string[]): InlineButton[][] =>
  options.map((option, index) => [{ text: option, callback_data: callbackDataOf(index, option) }]);

/** Texts of at most 4096 characters; the last one carries the keyboard, if any. */
function textMessages(text: string, keyboard?: InlineButton[][]): TelegramOutbound[] {
  const parts = splitText(text, TELEGRAM_LIMITS.textLength).filter((part) => part.trim() !== '');
  // Telegram sends no empty text, but a keyboard needs a message to hang on.
  if (parts.length === 0) {
    if (!keyboard) return [];
    parts.push('👇');
  }
  return parts.map((part, index) => ({
    method: 'sendMessage',
    body: {
      text: part,
      ...(keyboard && index === parts.length - 1 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
    },
  }));
}

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
const isGif = (url: string) => /\.gif$/i.test(url.split(/[?#]/)[0] ?? '');

/**
 * A runtime activity as Telegram messages: texts split at 4096 characters, options and ratings
 * as inline keyboards, images as photos (GIFs as animations), the bot's files uploaded as
 * documents, and the text fallback for what Telegram cannot show (adaptive cards, long lists).
 * Events have no Telegram form.
 */
export function toTelegramOutbound(activity: OutboundActivity, context: OutboundContext): TelegramOutbound[] {
  switch (activity.type) {
    case 'text':
      return textMessages(activity.text);
    case 'options':
    case 'rating': {
      if (activity.options.length === 0 || activity.options.length > TELEGRAM_LIMITS.keyboardButtons)
        return textMessages(textFallbackOf(activity, context.fileUrl) ?? '');
      const image = activity.type === 'options' ? activity.image : undefined;
      const photo: TelegramOutbound[] =
        image && isWebUrl(image) ? [{ method: 'sendPhoto', body: { photo: image } }] : [];
      return [...photo, ...textMessages(activity.text, keyboardOf(activity.options))];
    }
    case 'image':
      if (!isWebUrl(activity.url)) return textMessages(activity.url);
      return [
        { method: 'sendChatAction', body: { action: 'upload_photo' } },
        isGif(activity.url)
          ? { method: 'sendAnimation', body: { animation: activity.url } }
          : { method: 'sendPhoto', body: { photo: activity.url } },
      ];
    case 'attachment':
      return [
        { method: 'sendChatAction', body: { action: 'upload_document' } },
        { method: 'sendDocument', upload: { fileId: activity.fileId, name: activity.name } },
      ];
    case 'adaptiveCard':
      return textMessages(textFallbackOf(activity, context.fileUrl) ?? '');
    case 'event':
      return [];
  }
}
