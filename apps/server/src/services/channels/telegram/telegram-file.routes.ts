import { AppError } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { keysOfWebhook } from '../messaging/channel-keys.service';
import type { MessagingPlatform } from '../messaging/messaging-platform';
import { callTelegram, telegramFileUrl } from './telegram-api';
import { fileIdOfLink } from './telegram-file-link';

const notFound = () => new AppError('not-found_error', 'This file link is not valid.');
const DOWNLOAD_TIMEOUT_MS = 30_000;
/** Types shown as they are; anything else a user sent is served as bytes to download, never rendered on our origin. */
const SAFE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);

/**
 * GET /webhooks/telegram/{webhookId}/files/{link}: a file a Telegram user sent, fetched from
 * Telegram with the bot's token (getFile, then the file address) for whoever holds the signed
 * link (the bot's flows, the conversation log).
 */
export function telegramFileRoutes(app: FastifyInstance, ctx: AppContext, platform: MessagingPlatform) {
  app.get<{ Params: { webhookId: string; link: string } }>(
    '/webhooks/telegram/:webhookId/files/:link',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { webhookId, link } = request.params;
      const fileId = fileIdOfLink(ctx, webhookId, link);
      const keys = fileId === undefined ? undefined : await keysOfWebhook(ctx, platform, webhookId);
      const token = keys?.values.accessToken;
      if (fileId === undefined || typeof token !== 'string' || token === '') throw notFound();
      try {
        const found = await callTelegram<{ file_path?: string }>(ctx, token, 'getFile', { file_id: fileId });
        if (!found.file_path) throw notFound();
        const download = await fetch(telegramFileUrl(ctx, token, found.file_path), {
          signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
        });
        if (!download.ok) throw notFound();
        const type = download.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
        const name = found.file_path.split('/').at(-1) ?? 'file';
        return reply
          .header('content-type', SAFE_TYPES.has(type) ? type : 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${encodeURIComponent(name)}"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(await download.arrayBuffer()));
      } catch (error) {
        if (!(error instanceof AppError))
          ctx.log.warn({ err: error }, 'a Telegram user file could not be fetched');
        throw notFound();
      }
    },
  );
}
