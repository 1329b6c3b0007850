import { randomUUID } from 'node:crypto';
import {
  AppError,
  BLOCK_FILE_CONTENT_TYPES,
  BLOCK_FILE_EXTENSIONS,
  type BlockFileExtension,
  EXTERNAL_API_CHANNEL,
  isBlockFileExtension,
} from '@parley/contracts';
import type { AppContext } from '../../context';
import type { UploadedPart, UploadRefusal } from '../../http/multipart';
import { matchesExtension } from '../../untrusted-input/file-signature';
import {
  type BlockFileDownload,
  cleanFileName,
  extensionOf,
  readBotBlockFile,
} from '../flows/block-files.service';
import { directLineUrl } from './api-keys.service';
import {
  activityOfPost,
  type CallerConversation,
  clientActivityIdOf,
  conversationFor,
  DIRECT_LINE_ERROR_CODES,
  DIRECT_LINE_LIMITS,
  DIRECT_LINE_MESSAGES,
  directLineError,
  takeDirectLineTurn,
  tokenExpiredError,
} from './direct-line.service';
import { directLineTokensFor } from './direct-line-tokens';
import { directLineUploadsPrefix } from './direct-line-upload-folders';

/**
 * Files in a Direct Line conversation. What a client uploads with its message (`POST .../upload`, Web Chat's attachment
 * button): documents and pictures of the types a Send Attachment block takes, each checked by its
 * bytes against its extension, kept in the blob store under the bot (deleted with it) and served
 * at an address with an unguessable name bound to the conversation, which needs no token: Web
 * Chat shows a picture with an <img>, and the conversation log and the bot's functions open it too.
 */
export const DIRECT_LINE_UPLOAD_LIMITS = {
  /** As Azure's Direct Line: 4 MB a file. */
  fileBytes: 4 * 1024 * 1024,
  files: 5,
  /** All the files of one upload together. */
  totalBytes: 10 * 1024 * 1024,
  /** Uploads one conversation may make in an hour. */
  perConversationPerHour: 30,
} as const;

const MB = 1024 * 1024;
const ACCEPTED_LABEL = BLOCK_FILE_EXTENSIONS.join(', ');

export const DIRECT_LINE_UPLOAD_MESSAGES = {
  noFile: 'Send at least one file: the body of the request, or multipart/form-data parts.',
  unreadable: 'The upload could not be read: send multipart/form-data with a file part per file.',
  fileTooBig: `A file can be at most ${DIRECT_LINE_UPLOAD_LIMITS.fileBytes / MB} MB.`,
  tooBig: `The files of one upload can be at most ${DIRECT_LINE_UPLOAD_LIMITS.totalBytes / MB} MB together.`,
  tooManyFiles: `One upload holds at most ${DIRECT_LINE_UPLOAD_LIMITS.files} files and an activity.`,
  fileType: (name: string) => `${name}: only ${ACCEPTED_LABEL} files can be sent.`,
  fileContent: (name: string) => `${name} is not what its name says.`,
  badActivity: 'The activity part is a JSON object: a message (application/vnd.microsoft.activity).',
  tooManyUploads: 'This conversation sent many files. Wait a while before sending more.',
  badUserId: `userId is a text of at most ${DIRECT_LINE_LIMITS.userIdMaxLength} characters.`,
} as const;

const M = DIRECT_LINE_UPLOAD_MESSAGES;

/** The media type that marks the part holding the activity. */
export const ACTIVITY_PART_TYPE = 'application/vnd.microsoft.activity';

/** The error for a multipart upload that is over the limits or cannot be read. */
export function uploadRefusal(why: UploadRefusal): AppError {
  switch (why) {
    case 'fileTooBig':
      return directLineError(413, M.fileTooBig);
    case 'tooBig':
      return directLineError(413, M.tooBig);
    case 'tooManyFiles':
      return directLineError(400, M.tooManyFiles);
    case 'unreadable':
      return directLineError(400, M.unreadable);
  }
}

/** What an upload request holds: its files, and the activity they go with (a JSON text), if any. */
export interface DirectLineUpload {
  files: UploadedPart[];
  activity?: string;
}

/** The parts of a multipart upload: the activity is the part so typed (or named `activity`), the others are files. */
export function uploadOfParts(files: UploadedPart[], fields: Record<string, string>): DirectLineUpload {
  const isActivity = (part: UploadedPart) =>
    part.mimeType.split(';')[0]?.trim().toLowerCase() === ACTIVITY_PART_TYPE || part.fieldName === 'activity';
  const activityPart = files.find(isActivity);
  const activity = activityPart ? activityPart.data.toString('utf8') : fields.activity;
  return {
    files: files.filter((part) => !isActivity(part)),
    ...(activity === undefined ? {} : { activity }),
  };
}

/** The file name of a single-file upload's Content-Disposition (`filename*=` of RFC 5987 first). */
export function fileNameOfDisposition(disposition: string | undefined): string {
  if (!disposition) return '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return '';
    }
  }
  return (
    /filename\s*=\s*(?:"([^"]*)"|([^;]*))/
      .exec(disposition)
      ?.slice(1)
      .find((v) => v !== undefined)
      ?.trim() ?? ''
  );
}

interface StoredUpload {
  key: string;
  name: string;
  contentType: string;
  url: string;
}

/** An upload's name: 122 random bits and the checked extension. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.([a-z]{3,4})$/;

/**
 * POST /v3/directline/conversations/{id}/upload?userId=: the files, checked and stored, and the
 * message they go with (the activity part's text, name, locale and channelData; an empty message
 * without one) taken as the user's turn. The answer is the id of the activity, at once: the bot's
 * answers follow on the stream. Nothing is kept of a refused upload.
 */
export async function uploadToDirectLine(
  ctx: AppContext,
  found: CallerConversation,
  upload: DirectLineUpload,
): Promise<{ id: string }> {
  const { conversationId } = found.claims;
  if (upload.files.length === 0) throw directLineError(400, M.noFile);
  if (upload.files.length > DIRECT_LINE_UPLOAD_LIMITS.files) throw directLineError(400, M.tooManyFiles);
  const posted = activityPartOf(upload.activity);
  const checked = upload.files.map(checkedFile);
  const sent = await ctx.shared.rateLimiter.hit(`direct-line-upload:${conversationId}`, 3600);
  if (sent > DIRECT_LINE_UPLOAD_LIMITS.perConversationPerHour)
    throw new AppError(
      'custom_error',
      M.tooManyUploads,
      { directLineCode: DIRECT_LINE_ERROR_CODES[429], retryAfterSeconds: 3600 },
      429,
    );

  const stored: StoredUpload[] = [];
  try {
    for (const file of checked) {
      const uploadId = `${randomUUID()}.${file.extension}`;
      const key = `${directLineUploadsPrefix(found.scope.tenantId, found.bot.id, conversationId)}${uploadId}`;
      await ctx.blobs.put(key, file.data, file.contentType);
      stored.push({
        key,
        name: file.name,
        contentType: file.contentType,
        url: `${directLineUrl(ctx.config.publicUrl)}/conversations/${encodeURIComponent(conversationId)}/uploads/${uploadId}/${addressName(file.name, file.extension)}`,
      });
    }
    const activity = activityOfPost({
      ...posted,
      type: 'message',
      // The files are the message: a value would make it a card's submission.
      value: undefined,
      attachments: stored.map((file) => ({
        contentType: file.contentType,
        contentUrl: file.url,
        name: file.name,
      })),
    });
    if (!activity) throw directLineError(400, M.badActivity);
    return await takeDirectLineTurn(ctx, found, activity, clientActivityIdOf(posted));
  } catch (error) {
    // The turn was refused (an expired conversation, another message at the same time): no file without its message.
    await Promise.all(stored.map((file) => ctx.blobs.delete(file.key).catch(() => undefined)));
    throw error;
  }
}

/** The name at the end of a file's address (what a download is saved as), short enough for any address. */
function addressName(name: string, extension: string): string {
  const encoded = encodeURIComponent(name);
  return encoded.length <= 300 ? encoded : `file.${extension}`;
}

/** The activity part as an object (a message); `{}` without one. */
function activityPartOf(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw directLineError(400, M.badActivity);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw directLineError(400, M.badActivity);
  const activity = value as Record<string, unknown>;
  if (activity.type !== undefined && activity.type !== 'message') throw directLineError(400, M.badActivity);
  return activity;
}

/** A file whose name has an accepted extension and whose bytes are what it says; its type is ours, not the client's. */
function checkedFile(file: UploadedPart): {
  name: string;
  extension: BlockFileExtension;
  contentType: string;
  data: Buffer;
} {
  const name = cleanFileName(file.fileName) || 'file';
  const extension = extensionOf(name);
  if (!isBlockFileExtension(extension)) throw directLineError(415, M.fileType(name));
  if (file.data.length === 0 || !matchesExtension(file.data, extension))
    throw directLineError(400, M.fileContent(name));
  return { name, extension, contentType: BLOCK_FILE_CONTENT_TYPES[extension], data: file.data };
}

/**
 * GET /v3/directline/conversations/{id}/uploads/{uploadId}/{name}: a file the conversation's user
 * uploaded. Its name is unguessable and bound to its conversation: the same name under another
 * conversation, or any other, is 404.
 */
export async function uploadedFile(
  ctx: AppContext,
  conversationId: string,
  uploadId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const notFound = () => directLineError(404, 'There is no such file.');
  const extension = UPLOAD_ID.exec(uploadId)?.[1];
  if (!extension || !isBlockFileExtension(extension) || conversationId.length > 100) throw notFound();
  const owner = await ctx.repos.externalApiKeys.apiConversationOwner(conversationId, EXTERNAL_API_CHANNEL.id);
  const blob =
    owner &&
    (await ctx.blobs.get(
      `${directLineUploadsPrefix(owner.tenantId, owner.botId, conversationId)}${uploadId}`,
    ));
  if (!blob) throw notFound();
  return { data: blob.data, contentType: BLOCK_FILE_CONTENT_TYPES[extension] };
}

/**
 * The `userId` of an upload's address, which Direct Line clients send: checked for its shape, but
 * the conversation's user is who sends (as `from.id` of a posted activity, it decides nothing).
 */
export function assertUploadUserId(userId: unknown): void {
  if (userId === undefined) return;
  if (typeof userId !== 'string' || userId.length > DIRECT_LINE_LIMITS.userIdMaxLength)
    throw directLineError(400, M.badUserId);
}

/**
 * GET /v3/directline/conversations/{id}/files/{fileId}?t=: a file the bot sent (Send Attachment).
 * Its address carries a file token of the conversation (a page's <img> sends no header): another
 * conversation's, a bad or an expired one (403 TokenExpired), or a locked key open nothing.
 */
export async function botFileForDirectLine(
  ctx: AppContext,
  conversationId: string,
  fileId: string,
  fileToken: string,
): Promise<BlockFileDownload> {
  const claims = await directLineTokensFor(ctx.config.jwtSecret).verify('file', fileToken);
  if (claims === 'expired') throw tokenExpiredError();
  const key = claims && (await ctx.repos.externalApiKeys.byKeyId(claims.keyId));
  if (!claims || !key || key.isLocked || claims.conversationId !== conversationId)
    throw directLineError(403, DIRECT_LINE_MESSAGES.badCredentials);
  const found = await conversationFor(ctx, { key, token: claims }, conversationId);
  return readBotBlockFile(ctx, found.scope, found.bot.id, fileId);
}
