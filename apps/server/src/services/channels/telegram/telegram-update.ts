import { z } from 'zod';

/**
 * The parts of a Telegram Update (core.telegram.org/bots/api#update) the bot reads; other
 * fields are dropped, other update kinds (edited messages, channel posts, ...) are not read.
 */
const user = z.object({
  id: z.number().int(),
  is_bot: z.boolean().optional(),
  language_code: z.string().max(35).optional(),
});

const chat = z.object({ id: z.number().int() });

const fileId = z.string().min(1).max(300);

export const inlineButtonSchema = z.object({
  text: z.string().max(4096),
  callback_data: z.string().max(64).optional(),
});
export type InlineButton = z.infer<typeof inlineButtonSchema>;

const message = z.object({
  message_id: z.number().int(),
  chat,
  from: user.optional(),
  text: z.string().max(4096).optional(),
  caption: z.string().max(1024).optional(),
  /** The sizes of one photo, smallest first. */
  photo: z
    .array(z.object({ file_id: fileId }))
    .max(20)
    .optional(),
  document: z.object({ file_id: fileId, file_name: z.string().max(255).optional() }).optional(),
  reply_markup: z
    .object({ inline_keyboard: z.array(z.array(inlineButtonSchema).max(20)).max(100) })
    .optional(),
});
export type TelegramMessage = z.infer<typeof message>;

const callbackQuery = z.object({
  id: z.string().min(1).max(100),
  from: user,
  /** The bot's message whose button was pressed (absent when it is too old). */
  message: message.optional(),
  data: z.string().max(64).optional(),
});
export type TelegramCallbackQuery = z.infer<typeof callbackQuery>;

export const telegramUpdateSchema = z.object({
  update_id: z.number().int(),
  message: message.optional(),
  callback_query: callbackQuery.optional(),
});
export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;

/** A user's file in an update: its id for getFile and the name to show. */
export interface TelegramFileRef {
  fileId: string;
  name: string;
}

/** The file a message carries: a document as named, or a photo's largest size. */
export function fileOfMessage(message: TelegramMessage): TelegramFileRef | undefined {
  if (message.document)
    return { fileId: message.document.file_id, name: message.document.file_name ?? 'file' };
  const largest = message.photo?.at(-1);
  return largest ? { fileId: largest.file_id, name: 'photo.jpg' } : undefined;
}
