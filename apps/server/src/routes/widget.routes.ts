import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SNIPPET_MESSAGES as M,
  notFound,
  SNIPPET_ICON_KINDS,
  type SnippetIconKind,
  WIDGET_UPLOAD_FIELD,
  WIDGET_UPLOAD_MAX_BYTES,
  WIDGET_UPLOAD_TOKEN_FIELD,
  widgetConversationBodySchema,
} from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { readUploadedFile } from '../http/multipart';
import { contentDisposition } from '../http/safe-download';
import { parseInput } from '../http/validate';
import { snippetIcon } from '../services/chat-bubble/snippet.service';
import {
  botFileForWidget,
  uploadVisitorFile,
  visitorUpload,
} from '../services/chat-bubble/widget-files.service';
import {
  isPageAllowed,
  originRefused,
  startWidgetConversation,
  widgetConfig,
} from '../services/chat-bubble/widget-visitor.service';

type TokenParams = { Params: { token: string } };

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built widget (packages/widget/dist), found from src/routes (dev, tests) and dist/ (built server). */
export function widgetScriptFile(): string | undefined {
  return [
    path.resolve(here, '../../../../packages/widget/dist/chat-widget.js'),
    path.resolve(here, '../../../packages/widget/dist/chat-widget.js'),
  ].find((file) => existsSync(file));
}

const originOf = (request: FastifyRequest) =>
  typeof request.headers.origin === 'string' ? request.headers.origin : undefined;

/**
 * The widget runs on the customer's pages, so its calls are cross-origin. The origin check is the
 * server's own (a page of an origin the snippet does not allow gets a 403 and nothing else), so
 * every answer may name the calling origin: the widget on a refused page can then read why, and
 * stays away. A preflight, though, is granted only to allowed origins. Never '*', no credentials.
 */
function grantPage(request: FastifyRequest, reply: FastifyReply) {
  const origin = originOf(request);
  reply.header('vary', 'Origin');
  if (origin) reply.header('access-control-allow-origin', origin);
}

/**
 * The chat widget's public side (docs/chat-widget-protocol.md): the script, its configuration,
 * the visitor's conversation and the snippet's images. No platform account: the embed code's
 * token and code, and the page's Origin, are what let a visitor in.
 */
export function widgetRoutes(app: FastifyInstance, ctx: AppContext): void {
  let cached: { mtimeMs: number; data: Buffer } | undefined;
  app.get('/assets/chat-widget.js', { config: { access: 'public' } }, async (_request, reply) => {
    const file = widgetScriptFile();
    if (!file) throw notFound('The chat widget is not built (npm run build -w @parley/widget).');
    const { mtimeMs } = await stat(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, data: await readFile(file) };
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(cached.data);
  });

  for (const url of [
    '/api/widget/:token',
    '/api/widget/:token/conversations',
    '/api/widget/:token/uploads',
  ]) {
    app.options<TokenParams>(url, { config: { access: 'public' } }, async (request, reply) => {
      reply.header('vary', 'Origin');
      const origin = originOf(request);
      if (!origin || !(await isPageAllowed(ctx, request.params.token, origin))) throw originRefused();
      return reply
        .header('access-control-allow-origin', origin)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    });
  }

  app.get<TokenParams & { Querystring: { code?: string } }>(
    '/api/widget/:token',
    { config: { access: 'public' } },
    async (request, reply) => {
      grantPage(request, reply);
      const code = typeof request.query.code === 'string' ? request.query.code : undefined;
      return widgetConfig(ctx, request.params.token, code, originOf(request));
    },
  );

  app.post<TokenParams>(
    '/api/widget/:token/conversations',
    { config: { access: 'public' } },
    async (request, reply) => {
      grantPage(request, reply);
      const body = parseInput(widgetConversationBodySchema, request.body);
      const started = await startWidgetConversation(
        ctx,
        request.params.token,
        body,
        originOf(request),
        request.ip,
      );
      return reply.status(201).send(started);
    },
  );

  // Images are shown with <img>, which sends no Origin: they are as public as the page that shows them.
  app.get<{ Params: { token: string; kind: string } }>(
    '/api/widget/:token/icons/:kind',
    { config: { access: 'public' } },
    async (request, reply) => {
      const kind = request.params.kind as SnippetIconKind;
      if (!SNIPPET_ICON_KINDS.includes(kind)) throw notFound('There is no such icon.');
      const icon = await snippetIcon(ctx, request.params.token, kind);
      if (!icon) throw notFound('This chat bubble has no such icon.');
      return reply
        .type(icon.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(icon.data);
    },
  );

  // A visitor's file: a form with the visitor token, then the file (a simple request: no preflight).
  app.post<TokenParams>(
    '/api/widget/:token/uploads',
    { bodyLimit: WIDGET_UPLOAD_MAX_BYTES + 64 * 1024, config: { access: 'public' } },
    async (request, reply) => {
      grantPage(request, reply);
      const file = await readUploadedFile(
        request,
        WIDGET_UPLOAD_FIELD,
        WIDGET_UPLOAD_MAX_BYTES,
        M.uploadMissing,
        M.uploadTooBig,
      );
      const uploaded = await uploadVisitorFile(
        ctx,
        request.params.token,
        file.fields?.[WIDGET_UPLOAD_TOKEN_FIELD],
        file,
        originOf(request),
      );
      return reply.status(201).send(uploaded);
    },
  );

  app.get<{ Params: { token: string; uploadId: string; name: string } }>(
    '/api/widget/:token/uploads/:uploadId/:name',
    { config: { access: 'public' } },
    async (request, reply) => {
      const upload = await visitorUpload(ctx, request.params.token, request.params.uploadId);
      return sendWidgetFile(reply, request.params.name, upload.contentType, upload.data);
    },
  );

  app.get<{ Params: { token: string; fileId: string }; Querystring: { code?: string } }>(
    '/api/widget/:token/files/:fileId',
    { config: { access: 'public' } },
    async (request, reply) => {
      const code = typeof request.query.code === 'string' ? request.query.code : undefined;
      const download = await botFileForWidget(ctx, request.params.token, code, request.params.fileId);
      return sendWidgetFile(reply, download.file.fileName, download.contentType, download.data);
    },
  );
}

/**
 * A chat file for a page of another origin: never sniffed or run (a sandboxed document should it
 * be opened), images shown in place, anything else saved; readable cross-origin, as an <img> or a
 * link on the customer's page needs it.
 */
function sendWidgetFile(reply: FastifyReply, name: string, contentType: string, data: Buffer): FastifyReply {
  return reply
    .type(contentType)
    .header(
      'content-disposition',
      contentDisposition(contentType.startsWith('image/') ? 'inline' : 'attachment', name),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', 'private, max-age=3600')
    .send(data);
}
