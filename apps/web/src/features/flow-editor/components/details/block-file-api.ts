import {
  BLOCK_FILE_ACCEPT_FIELD,
  BLOCK_FILE_FIELD,
  type BlockFileAcceptList,
  type BlockFileView,
} from '@parley/contracts';
import { toApiError } from '../../../../api/api-error';
import { getToken } from '../../../../api/session';
import { uploadFile } from '../../../bot-content/api/upload-file';
import { botApiPath } from '../../../bot-content/content-paths';
import { blockFileDownloadPath } from '../../block-file';

/** POST /api/{bot}/block-upload-file: the file, with the list of types the block takes sent first. */
export const uploadBlockFile = (botName: string, file: File, accept: BlockFileAcceptList) =>
  uploadFile<BlockFileView>(`${botApiPath(botName)}/block-upload-file`, BLOCK_FILE_FIELD, file, 'POST', {
    [BLOCK_FILE_ACCEPT_FIELD]: accept,
  });

/** GET /api/test-download-file/...: the stored file (ManageFlows). Failures throw an ApiError. */
export async function fetchBlockFile(botName: string, fileId: string, fileName: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(blockFileDownloadPath(botName, fileId, fileName), {
    headers: token ? { AuthToken: token } : {},
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: toApiError makes it the default kind
    }
    throw toApiError(response.status, body);
  }
  return response.blob();
}
