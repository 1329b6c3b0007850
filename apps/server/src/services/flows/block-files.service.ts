import { createHash, randomUUID } from 'node:crypto';
import {
  AppError,
  BLOCK_FILE_ACCEPT_LISTS,
  BLOCK_FILE_CONTENT_TYPES,
  BLOCK_FILE_FIELD,
  BLOCK_FILE_NAME_MAX_LENGTH,
  type BlockFileAcceptList,
  type BlockFileView,
  isBlockFileExtension,
  FLOW_EDITOR_MESSAGES as M,
  validationError,
} from '@parley/contracts';
import type { BlockFileRecord, TenantScope } from '@parley/db';
import type { BotRef } from '../../auth/bot-ref';
import type { Principal } from '../../auth/principal';
import { botBlobPrefix } from '../../blobs/blob-store';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { matchesExtension } from '../../untrusted-input/file-signature';
import { loadBot } from '../bots/bot-access.service';

/**
 * The files of Send Attachment and Send Image blocks (spec 03 sections 3.2, 5, 7 and 8): uploaded
 * when the flow is saved, kept in the blob store under a generated id (the uploaded name is only
 * a row's value, never part of a key or a path), and downloaded by the editor and the chats.
 */

const blockFileKey = (tenantId: string, botId: string, fileId: string) =>
  `${botBlobPrefix(tenantId, botId)}block-files/${fileId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** 404 'Could not find uploaded file' with the spec's detail (section 8). */
export const blockFileNotFound = () =>
  new AppError('not-found_error', M.fileNotFound, { details: M.fileNotFoundDetail });

// Control characters and the bidirectional overrides that make 'x\u202Egnp.exe' read as 'xexe.png'.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

// Half of a character (no UTF-8 text holds one; a header's encoding would throw on it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A file name as uploaded, made safe to keep and show: the last segment of any path ('../../x.png'
 * and 'C:\\x.png' are 'x.png'), without control and direction characters, cut to
 * BLOCK_FILE_NAME_MAX_LENGTH characters with its extension kept. Empty when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const name = base.replace(UNSAFE_NAME_CHARACTERS, '').replace(LONE_SURROGATE, '\uFFFD').trim();
  // Counted in characters (code points), so an emoji is never cut in half.
  const characters = Array.from(name);
  if (characters.length <= BLOCK_FILE_NAME_MAX_LENGTH) return name;
  const extension = extensionOf(name);
  const keep = extension && extension.length < 20 ? `.${extension}` : '';
  return `${characters
    .slice(0, BLOCK_FILE_NAME_MAX_LENGTH - keep.length)
    .join('')
    .trimEnd()}${keep}`;
}

/** The lower-cased text after a name's last dot; '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const toView = (file: BlockFileRecord): BlockFileView => ({
  fileId: file.id,
  fileExtension: file.fileExtension as BlockFileView['fileExtension'],
  contentType: file.contentType,
  fileName: file.fileName,
  size: file.sizeBytes,
});

/**
 * POST /api/{bot}/block-upload-file: a file of an accepted type (by its extension, in the list
 * `accept` names) whose content is what the extension says, stored as a new blob with its row.
 */
export async function uploadBlockFile(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  file: UploadedFile,
  accept: BlockFileAcceptList,
): Promise<BlockFileView> {
  const bot = await loadBot(principal, botRef);
  const fileName = cleanFileName(file.fileName);
  if (fileName === '') throw validationError(BLOCK_FILE_FIELD, M.fileNameMissing);
  const extension = extensionOf(fileName);
  const accepted: readonly string[] = BLOCK_FILE_ACCEPT_LISTS[accept];
  if (!isBlockFileExtension(extension) || !accepted.includes(extension))
    throw validationError(BLOCK_FILE_FIELD, M.fileType(extension.slice(0, 20), accepted));
  if (file.data.length === 0) throw validationError(BLOCK_FILE_FIELD, M.fileEmpty);
  if (!matchesExtension(file.data, extension))
    throw validationError(BLOCK_FILE_FIELD, M.fileContent(extension));

  const fileId = randomUUID();
  const contentType = BLOCK_FILE_CONTENT_TYPES[extension];
  const key = blockFileKey(principal.tenantId, bot.id, fileId);
  await ctx.blobs.put(key, file.data, contentType);
  try {
    const stored = await principal.scope.blockFiles(bot.id).add({
      id: fileId,
      fileName,
      fileExtension: extension,
      contentType,
      sizeBytes: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      uploadedBy: principal.user.id,
    });
    return toView(stored);
  } catch (error) {
    // The bot went away meanwhile, or the database failed: no blob without its row.
    await ctx.blobs.delete(key);
    throw error;
  }
}

/** A block file with its bytes, to serve. */
export interface BlockFileDownload {
  file: BlockFileRecord;
  data: Buffer;
  /** The stored type when it is one of the accepted ones, else application/octet-stream. */
  contentType: string;
}

/** A bot's block file by id; an id that is not one, another bot's or tenant's, or a lost blob are 404. */
export async function readBotBlockFile(
  ctx: AppContext,
  scope: TenantScope,
  botId: string,
  fileId: string,
): Promise<BlockFileDownload> {
  if (!UUID.test(fileId)) throw blockFileNotFound();
  const file = await scope.blockFiles(botId).get(fileId);
  const blob = file && (await ctx.blobs.get(blockFileKey(scope.tenantId, botId, file.id)));
  if (!file || !blob) throw blockFileNotFound();
  const known = isBlockFileExtension(file.fileExtension)
    ? BLOCK_FILE_CONTENT_TYPES[file.fileExtension]
    : undefined;
  return {
    file,
    data: blob.data,
    contentType: known && known === file.contentType ? known : 'application/octet-stream',
  };
}

/** GET /api/test-download-file/{bot}/{fileId}/{fileName}: the bot of the caller's tenant, then its file. */
export async function downloadBlockFile(
  ctx: AppContext,
  principal: Principal,
  botRef: BotRef,
  fileId: string,
): Promise<BlockFileDownload> {
  const bot = await loadBot(principal, botRef);
  return readBotBlockFile(ctx, principal.scope, bot.id, fileId);
}

/**
 * The name a download is saved under: the one asked for (the block's file name field) or the
 * stored one, cleaned, and always ending in the stored file's extension, so a PDF is never saved
 * as 'invoice.exe' or 'page.html'.
 */
export function downloadNameOf(file: BlockFileRecord, asked: string | undefined): string {
  const name = cleanFileName(asked ?? '') || file.fileName;
  return extensionOf(name) === file.fileExtension ? name : `${name}.${file.fileExtension}`;
}
