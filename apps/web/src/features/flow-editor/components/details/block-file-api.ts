import {
  BLOCK_FILE_ACCEPT_FIELD,
  BLOCK_FILE_FIELD,
  type BlockFileAcceptList,
  type BlockFileView,
} from '@parley/contracts';
import { fetchFile } from '../../../../api/download-file';
import { uploadFile } from '../../../../api/upload-file';
import { botApiPath } from '../../../bots';
import { blockFileDownloadPath } from '../../block-file';

/** POST /api/{bot}/block-upload-file: the file, with the list of types the block takes sent first. */
export const uploadBlockFile = (botName: string, file: File, accept: BlockFileAcceptList) =>
  uploadFile<BlockFileView>(`${botApiPath(botName)}/block-upload-file`, BLOCK_FILE_FIELD, file, 'POST', {
    [BLOCK_FILE_ACCEPT_FIELD]: accept,
  });

/** GET /api/test-download-file/...: the stored file (ManageFlows). Failures throw an ApiError. */
export const fetchBlockFile = (botName: string, fileId: string, fileName: string): Promise<Blob> =>
  fetchFile(blockFileDownloadPath(botName, fileId, fileName));
