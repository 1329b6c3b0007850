import {
  BLOCK_FILE_ACCEPT_LISTS,
  BLOCK_FILE_MAX_BYTES,
  type BlockFileAcceptList,
  type BlockFileView,
  FLOW_EDITOR_MESSAGES,
} from '@parley/contracts';
import type { BlockData } from '@parley/flows/blocks';

/**
 * The files of Send Image and Send Attachment blocks (spec 03 sections 3.2, 5 and 7): which
 * types a block takes, the size check made before any upload, and the data a block keeps.
 */

/** The upload's `accept` list of each block kind with a file: Send Image takes PNG and GIF only. */
const ACCEPT_LIST_OF_BLOCK: Record<string, BlockFileAcceptList> = {
  sendGif: 'image',
  sendAttachment: 'attachment',
};

export const acceptListOf = (fc: string): BlockFileAcceptList => ACCEPT_LIST_OF_BLOCK[fc] ?? 'attachment';

/** The file input's `accept` attribute: '.png,.gif'. */
export const acceptAttribute = (list: BlockFileAcceptList): string =>
  BLOCK_FILE_ACCEPT_LISTS[list].map((extension) => `.${extension}`).join(',');

/** The spec's refusal of a file over 30 MB, before it is sent; null when it may go. */
export function fileSizeProblem(size: number): string | null {
  return size > BLOCK_FILE_MAX_BYTES ? FLOW_EDITOR_MESSAGES.fileTooBig : null;
}

/** What the block keeps of an uploaded file, in every language. */
export const blockFileData = (view: BlockFileView): BlockData => ({
  file: view.fileName,
  fileId: view.fileId,
  fileExtension: view.fileExtension,
  contentType: view.contentType,
});

/** GET /api/test-download-file/{bot}/{fileId}/{fileName}. */
export const blockFileDownloadPath = (botName: string, fileId: string, fileName: string): string =>
  `/api/test-download-file/${[botName, fileId, fileName || 'file'].map(encodeURIComponent).join('/')}`;

/** The block's uploaded file, when it has one. */
export function uploadedFileOf(
  data: BlockData,
): { fileId: string; fileName: string; isImage: boolean } | null {
  if (typeof data.fileId !== 'string' || data.fileId === '') return null;
  const extension = typeof data.fileExtension === 'string' ? data.fileExtension.toLowerCase() : '';
  const fileName = typeof data.file === 'string' && data.file !== '' ? data.file : `file.${extension}`;
  return { fileId: data.fileId, fileName, isImage: ['png', 'gif', 'jpg', 'jpeg'].includes(extension) };
}
