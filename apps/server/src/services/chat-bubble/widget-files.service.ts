// The chat widget's files: what visitors send (the Upload button) and what the bot sends (Send Attachment).
import { createHash, randomUUID } from 'node:crypto';
import {
  AppError,
  SNIPPET_MESSAGES as M,
  notFound,
  readSnippetSettings,
  validationError,
  WIDGET_UPLOAD_FIELD,
  type WidgetUploadExtension,
  type WidgetUploaded,
  widgetUploadExtensionOf,
} from '@parley/contracts';
import type { SnippetRecord } from '@parley/db';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { matchesExtension } from '../../untrusted-input/file-signature';
import { type BlockFileDownload, readBotBlockFile } from '../flows/block-files.service';
import { snippetBlobPrefix } from './snippet.service';
import { sameText, unavailable, WIDGET_LIMITS, widgetVisitorSession } from './widget-visitor.service';

const UPLOAD_CONTENT_TYPES: Record<WidgetUploadExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
/** An upload's id: its visitor's folder, then a random name; ids without a folder are of uploads made before folders. */
const UPLOAD_ID = /^(?:([0-9a-f]{16})-)?([0-9a-f-]{36}\.(?:png|jpg|jpeg|gif|pdf))$/;

/**
 * The folder of one visitor's uploads under a snippet (a hash of who they are: the address
 * names no visitor), which the removal of their data (GDPR) deletes whole.
 */
export const visitorUploadsPrefix = (snippet: SnippetRecord, userKey: string) =>
  `${snippetBlobPrefix(snippet)}uploads/${createHash('sha256').update(userKey).digest('hex').slice(0, 16)}/`;

/** Where an upload of this id is kept; undefined for an id that is not one. */
function uploadKey(snippet: SnippetRecord, uploadId: string): string | undefined {
  const [, folder, name] = UPLOAD_ID.exec(uploadId) ?? [];
  if (!name) return undefined;
  return `${snippetBlobPrefix(snippet)}uploads/${folder ? `${folder}/` : ''}${name}`;
}

/**
 * POST /api/widget/{token}/uploads: a visitor's file, when the snippet has its Upload button on.
 * The visitor token (a form field before the file) must be this snippet's and its origin still
 * allowed. Pictures and PDFs whose bytes are what their name says, at most 5 MB, 20 an hour per
 * visitor; kept under the snippet (deleted with it) behind an unguessable id.
 */
export async function uploadVisitorFile(
  ctx: AppContext,
  token: string,
  visitorToken: string | undefined,
  file: UploadedFile,
  origin: string | undefined,
): Promise<WidgetUploaded> {
  if (!visitorToken) throw new AppError('unauthorised_error_code', M.visitorEnded);
  const session = await widgetVisitorSession(ctx, visitorToken, { origin });
  const snippet = token.length <= 100 ? await ctx.repos.snippets.byToken(token) : undefined;
  if (!snippet || snippet.id !== session.snippetId) throw unavailable();
  if (!readSnippetSettings(snippet.settings).hasUploadButton)
    throw new AppError('permission_error', M.uploadsOff, { requiredPermission: 'upload' }, 403);
  const extension = widgetUploadExtensionOf(file.fileName);
  if (!extension) throw validationError(WIDGET_UPLOAD_FIELD, M.uploadType);
  if (!matchesExtension(file.data, extension)) throw validationError(WIDGET_UPLOAD_FIELD, M.uploadUnreadable);
  const sent = await ctx.shared.rateLimiter.hit(
    `widget-upload:${session.botId}:${session.userKey}`,
    WIDGET_LIMITS.uploadWindowSeconds,
  );
  if (sent > WIDGET_LIMITS.uploads)
    throw new AppError('rate_limit_error', M.tooManyUploads, {
      retryAfterSeconds: WIDGET_LIMITS.uploadWindowSeconds,
    });
  const folder = visitorUploadsPrefix(snippet, session.userKey);
  const name = `${randomUUID()}.${extension}`;
  await ctx.blobs.put(`${folder}${name}`, file.data, UPLOAD_CONTENT_TYPES[extension]);
  const uploadId = `${folder.split('/').at(-2)}-${name}`;
  const shownName = cleanName(file.fileName, extension);
  return {
    url: `${ctx.config.publicUrl}/api/widget/${encodeURIComponent(token)}/uploads/${uploadId}/${encodeURIComponent(shownName)}`,
    name: shownName,
  };
}

/** A file name without folders or control characters, at most 100 characters, its extension kept. */
function cleanName(raw: string, extension: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const stem = base.slice(0, base.length - extension.length - 1).slice(0, 90) || 'file';
  return `${stem}.${extension}`;
}

/** A visitor's uploaded file by its id; 404 for anything else. */
export async function visitorUpload(
  ctx: AppContext,
  token: string,
  uploadId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const snippet = token.length <= 100 ? await ctx.repos.snippets.byToken(token) : undefined;
  const key = snippet && uploadKey(snippet, uploadId);
  const blob = key ? await ctx.blobs.get(key) : undefined;
  if (!blob) throw notFound('There is no such file.');
  return blob;
}

/**
 * GET /api/widget/{token}/files/{fileId}?code=…: a file the snippet's bot sends (Send Attachment,
 * Send Image), for whoever has the embed code: what the bot sends, it sends to every visitor.
 */
export async function botFileForWidget(
  ctx: AppContext,
  token: string,
  code: string | undefined,
  fileId: string,
): Promise<BlockFileDownload> {
  const snippet = token.length <= 100 ? await ctx.repos.snippets.byToken(token) : undefined;
  if (!snippet || code === undefined || !sameText(snippet.code, code)) throw unavailable();
  return readBotBlockFile(ctx, ctx.repos.forTenant(snippet.tenantId), snippet.botId, fileId);
}
