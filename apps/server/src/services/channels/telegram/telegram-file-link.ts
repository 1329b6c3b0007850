import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context';

const MAX_FILE_ID = 300;
const signatureOf = (ctx: AppContext, webhookId: string, fileId: string) =>
  createHmac('sha256', ctx.config.jwtSecret)
    .update(`telegram-file:${webhookId}:${fileId}`)
    .digest('base64url');

/**
 * Where a user's Telegram file is read from Parley: signed for this bot's webhook and the file's
 * id. Telegram's own file address holds the bot's token, so it must not reach the conversation
 * log; this link asks Telegram (getFile) each time it is opened, so it does not expire as
 * Telegram's download links do.
 */
export const telegramFileLink = (ctx: AppContext, webhookUrl: string, webhookId: string, fileId: string) =>
  `${webhookUrl}/files/${Buffer.from(fileId).toString('base64url')}.${signatureOf(ctx, webhookId, fileId)}`;

/** The file id a link names, when its signature holds for the webhook. */
export function fileIdOfLink(ctx: AppContext, webhookId: string, link: string): string | undefined {
  const [encoded, signature] = link.split('.');
  if (!encoded || !signature || link.length > 2 * MAX_FILE_ID) return undefined;
  const fileId = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(signatureOf(ctx, webhookId, fileId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? fileId : undefined;
}
