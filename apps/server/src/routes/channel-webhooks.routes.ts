import { AppError } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { messagingPlatforms } from '../services/channels/channel-platforms';
import { fileOfLink } from '../services/channels/messaging/channel-files';
import { readBotBlockFile } from '../services/flows/block-files.service';

/** The most a platform's webhook request may carry (an e-mail is fetched, not posted). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The platforms' own routes (inbound webhooks, and calls of spec 04 section 7.1 beyond the keys).
 * Webhooks are authenticated by signatures over the exact bytes sent, so in this scope every body
 * arrives as a Buffer, unparsed; each platform parses what it verified.
 */
export function channelWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    for (const platform of Object.values(messagingPlatforms())) platform.routes?.(scope, ctx);
  });

  /** A file the bot sends, for platforms that fetch files by URL (a signed, time-limited link). */
  app.get<{ Params: { token: string } }>(
    '/api/channel-files/:token',
    { config: { access: 'public' } },
    async (request, reply) => {
      const file = fileOfLink(ctx, request.params.token);
      if (!file) throw new AppError('not-found_error', 'This file link is not valid.');
      const download = await readBotBlockFile(
        ctx,
        ctx.repos.forTenant(file.tenantId),
        file.botId,
        file.fileId,
      );
      return reply
        .header('content-type', download.contentType)
        .header('content-disposition', `attachment; filename="${encodeURIComponent(download.file.fileName)}"`)
        .send(download.data);
    },
  );
}
