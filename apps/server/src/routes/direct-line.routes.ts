import { AppError, DIRECT_LINE_PATH } from '@parley/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { readUploadParts } from '../http/multipart';
import { contentDisposition } from '../http/safe-download';
import {
  conversationFor,
  conversationOfCaller,
  DIRECT_LINE_ERROR_CODES,
  DIRECT_LINE_MESSAGES,
  directLineCaller,
  directLineError,
  generateDirectLineToken,
  getDirectLineActivities,
  postDirectLineActivity,
  reconnectDirectLineConversation,
  refreshDirectLineToken,
  startDirectLineConversation,
  tokenExpiredError,
  watermarkOf,
} from '../services/external-api/direct-line.service';
import {
  assertUploadUserId,
  botFileForDirectLine,
  DIRECT_LINE_UPLOAD_LIMITS,
  type DirectLineUpload,
  fileNameOfDisposition,
  uploadedFile,
  uploadOfParts,
  uploadRefusal,
  uploadToDirectLine,
} from '../services/external-api/direct-line-files';
import { directLineOpenApi } from '../services/external-api/direct-line-openapi';
import { createDirectLineStreams } from '../services/external-api/direct-line-stream';
import { directLineTokensFor } from '../services/external-api/direct-line-tokens';
import { assertJsonShape } from '../untrusted-input/json-shape';

type ConversationParams = { Params: { conversationId: string }; Querystring: Record<string, unknown> };

const P = DIRECT_LINE_PATH;

const callerOf = (ctx: AppContext, request: FastifyRequest) =>
  directLineCaller(ctx, request.headers.authorization);

/** Direct Line's ErrorResponse for any failure of its routes; bad input is a 4xx, never a 500. */
function directLineErrorBody(error: FastifyError | AppError | Error): { status: number; body: unknown } {
  if (error instanceof AppError) {
    const code =
      (error.data.directLineCode as string | undefined) ??
      DIRECT_LINE_ERROR_CODES[error.status as keyof typeof DIRECT_LINE_ERROR_CODES] ??
      'BadArgument';
    const details = typeof error.data.details === 'string' ? error.data.details : undefined;
    return { status: error.status, body: { error: { code, message: details ?? error.message } } };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = DIRECT_LINE_ERROR_CODES[status as keyof typeof DIRECT_LINE_ERROR_CODES] ?? 'BadArgument';
    const message = /JSON/i.test(error.message) ? 'The request body is not valid JSON.' : error.message;
    return { status, body: { error: { code, message } } };
  }
  return { status: 500, body: { error: { code: DIRECT_LINE_ERROR_CODES[500], message: 'Server error' } } };
}

/**
 * The External API channel: Bot Framework Direct Line 3.0 at {PUBLIC_URL}/v3/directline, opened
 * with one of the bot's API keys as the secret (docs/external-api.md; the OpenAPI description is
 * served at /v3/directline/openapi.json). Microsoft's Direct Line clients work against it as
 * they are. The routes are public to the platform's guard: each checks the key or token itself.
 */
export function directLineRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      const { status, body } = directLineErrorBody(error);
      if (status >= 500) request.log.error({ err: error }, 'a Direct Line call failed');
      if (status === 429)
        reply.header('retry-after', String((error as AppError).data?.retryAfterSeconds ?? 60));
      return reply.status(status).send(body);
    });
    // Direct Line clients may send Content-Type: application/json with no body (a conversation without options).
    const jsonParser = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.trim() === '') return done(null, undefined);
      try {
        assertJsonShape(text, { maxDepth: 32, maxValues: 100_000 });
      } catch {
        return done(
          Object.assign(new Error('The request body is nested too deeply or holds too many values.'), {
            statusCode: 400,
          }),
          undefined,
        );
      }
      jsonParser(request, text, done);
    });
    // Web Chat and Direct Line clients run on customers' pages: every origin may call, with the
    // key or token in Authorization (no cookies, so nothing rides along that the caller did not send).
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'retry-after');
      if (request.method !== 'OPTIONS') return;
      return reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header(
          'access-control-allow-headers',
          'authorization, content-type, content-disposition, x-ms-bot-agent, x-requested-with',
        )
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    });
    const PUBLIC = { config: { access: 'public' as const } };

    scope.get(`${P}/openapi.json`, PUBLIC, async () => directLineOpenApi(ctx.config.publicUrl));

    scope.post(`${P}/tokens/generate`, PUBLIC, async (request) =>
      generateDirectLineToken(ctx, await callerOf(ctx, request), request.body),
    );

    scope.post(`${P}/tokens/refresh`, PUBLIC, async (request) =>
      refreshDirectLineToken(ctx, await callerOf(ctx, request)),
    );

    scope.post(`${P}/conversations`, PUBLIC, async (request, reply) =>
      reply
        .status(201)
        .send(await startDirectLineConversation(ctx, await callerOf(ctx, request), request.body)),
    );

    scope.get<ConversationParams>(`${P}/conversations/:conversationId`, PUBLIC, async (request) =>
      reconnectDirectLineConversation(
        ctx,
        await callerOf(ctx, request),
        request.params.conversationId,
        typeof request.query.watermark === 'string' ? request.query.watermark : undefined,
      ),
    );

    scope.get<ConversationParams>(`${P}/conversations/:conversationId/activities`, PUBLIC, async (request) =>
      getDirectLineActivities(
        ctx,
        await callerOf(ctx, request),
        request.params.conversationId,
        request.query.watermark,
      ),
    );

    scope.post<ConversationParams>(`${P}/conversations/:conversationId/activities`, PUBLIC, async (request) =>
      postDirectLineActivity(ctx, await callerOf(ctx, request), request.params.conversationId, request.body),
    );

    // A file the bot sent (Send Attachment): its address carries a token of the conversation, as a page's <img> sends no header.
    scope.get<ConversationParams & { Params: { fileId: string } }>(
      `${P}/conversations/:conversationId/files/:fileId`,
      PUBLIC,
      async (request, reply) => {
        const { conversationId, fileId } = request.params;
        const t = typeof request.query.t === 'string' ? request.query.t : '';
        const download = await botFileForDirectLine(ctx, conversationId, fileId, t);
        return sendConversationFile(reply, download.file.fileName, download.contentType, download.data);
      },
    );

    // Files the user uploaded: the body itself (one file) or multipart parts, in a scope that reads any body type.
    scope.register(async (uploads) => {
      uploads.removeContentTypeParser(['application/json', 'text/plain']);
      uploads.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: DIRECT_LINE_UPLOAD_LIMITS.totalBytes },
        (_request, body, done) => done(null, body),
      );
      uploads.post<ConversationParams>(
        `${P}/conversations/:conversationId/upload`,
        { ...PUBLIC, bodyLimit: DIRECT_LINE_UPLOAD_LIMITS.totalBytes + 256 * 1024 },
        async (request) => {
          const found = await conversationOfCaller(
            ctx,
            await callerOf(ctx, request),
            request.params.conversationId,
          );
          assertUploadUserId(request.query.userId);
          return uploadToDirectLine(ctx, found, await uploadOf(request));
        },
      );
    });

    scope.get<ConversationParams & { Params: { uploadId: string; name: string } }>(
      `${P}/conversations/:conversationId/uploads/:uploadId/:name`,
      PUBLIC,
      async (request, reply) => {
        const { conversationId, uploadId, name } = request.params;
        const file = await uploadedFile(ctx, conversationId, uploadId);
        return sendConversationFile(reply, name, file.contentType, file.data);
      },
    );

    // Anything else under /v3/directline is Direct Line's 404, not the web app.
    scope.all(`${P}/*`, PUBLIC, async (request) => {
      throw directLineError(404, `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}`);
    });
  });
}

/** An upload's files: multipart parts (and the activity among them), or the body itself as one file. */
async function uploadOf(request: FastifyRequest): Promise<DirectLineUpload> {
  if (request.isMultipart()) {
    const { files, fields } = await readUploadParts(request, DIRECT_LINE_UPLOAD_LIMITS, uploadRefusal);
    return uploadOfParts(files, fields);
  }
  const body = request.body;
  const data = Buffer.isBuffer(body) ? body : undefined;
  if (!data || data.length === 0) return { files: [] };
  if (data.length > DIRECT_LINE_UPLOAD_LIMITS.fileBytes) throw uploadRefusal('fileTooBig');
  const header = request.headers['content-disposition'];
  return {
    files: [
      {
        fieldName: 'file',
        fileName: fileNameOfDisposition(typeof header === 'string' ? header : undefined),
        mimeType: request.headers['content-type'] ?? '',
        data,
      },
    ],
  };
}

/**
 * A file of the conversation for a chat on another origin: never sniffed or run (a sandboxed
 * document should it be opened), pictures shown in place, anything else saved.
 */
function sendConversationFile(reply: FastifyReply, name: string, contentType: string, data: Buffer) {
  return (
    reply
      .type(contentType)
      .header(
        'content-disposition',
        contentDisposition(contentType.startsWith('image/') ? 'inline' : 'attachment', name),
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      // Shown by a chat on the customer's own site.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'private, no-cache')
      .send(data)
  );
}

/**
 * The conversation's stream (streamUrl), registered where the app upgrades websockets. The
 * address's `t` is checked before the upgrade: a bad or expired one, a locked or deleted key or an
 * expired conversation is refused with 403.
 */
export function directLineStreamRoute(scope: FastifyInstance, ctx: AppContext): void {
  const streams = createDirectLineStreams(ctx);
  scope.addHook('onClose', async () => streams.stop());
  const accepted = new WeakMap<
    FastifyRequest,
    { claims: Awaited<ReturnType<typeof conversationFor>>['claims']; watermark: number }
  >();
  scope.get<ConversationParams>(
    `${P}/conversations/:conversationId/stream`,
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: async (request, reply) => {
        const query = request.query ?? {};
        try {
          const t = typeof query.t === 'string' ? query.t : '';
          const claims = await directLineTokensFor(ctx.config.jwtSecret).verify('stream', t);
          if (claims === 'expired') throw tokenExpiredError();
          const key = claims && (await ctx.repos.externalApiKeys.byKeyId(claims.keyId));
          if (!claims || !key || key.isLocked || claims.conversationId !== request.params.conversationId)
            throw directLineError(403, DIRECT_LINE_MESSAGES.badCredentials);
          await conversationFor(ctx, { key, token: claims }, claims.conversationId);
          accepted.set(request, { claims, watermark: watermarkOf(query.watermark) });
        } catch (error) {
          const { status, body } = directLineErrorBody(error as Error);
          return reply.status(status).send(body);
        }
      },
    },
    (socket, request) => {
      const opened = accepted.get(request);
      if (!opened) {
        socket.close(4403, 'not authorised');
        return;
      }
      const stream = streams.add(socket, opened.claims, opened.watermark);
      // Clients send empty keep-alive frames; nothing a client sends on the stream is read.
      socket.on('close', () => stream.closed());
    },
  );
}
