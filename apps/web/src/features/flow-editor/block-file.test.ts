import { BLOCK_FILE_MAX_BYTES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  acceptListOf,
  blockFileData,
  blockFileDownloadPath,
  fileSizeProblem,
  uploadedFileOf,
} from './block-file';

describe('block files', () => {
  it('takes PNG and GIF for Send Image, every accepted type for Send Attachment', () => {
    expect(acceptAttribute(acceptListOf('sendGif'))).toBe('.png,.gif');
    expect(acceptAttribute(acceptListOf('sendAttachment'))).toBe(
      '.doc,.docx,.ppt,.pptx,.xls,.xlsx,.pdf,.txt,.png,.jpeg,.gif,.jpg',
    );
  });

  it('refuses a file over 30 MB before sending it', () => {
    expect(BLOCK_FILE_MAX_BYTES).toBe(31_457_280);
    expect(fileSizeProblem(31_457_280)).toBeNull();
    expect(fileSizeProblem(31_457_281)).toBe('File is too big. Accepted size is 30MB');
  });

  it('keeps the file, its id, extension and type on the block', () => {
    const view = {
      fileId: 'f1',
      fileExtension: 'png' as const,
      contentType: 'image/png',
      fileName: 'logo.png',
      size: 10,
    };
    const data = blockFileData(view);
    expect(data).toEqual({ file: 'logo.png', fileId: 'f1', fileExtension: 'png', contentType: 'image/png' });
    expect(uploadedFileOf(data)).toEqual({ fileId: 'f1', fileName: 'logo.png', isImage: true });
    expect(uploadedFileOf({ fileId: '' })).toBeNull();
    expect(uploadedFileOf({ fileId: 'f2', fileExtension: 'PDF' })).toEqual({
      fileId: 'f2',
      fileName: 'file.pdf',
      isImage: false,
    });
  });

  it('downloads from the test-download path, every part encoded', () => {
    expect(blockFileDownloadPath('Pizza Bot', 'f1', 'menu card.pdf')).toBe(
      '/api/test-download-file/Pizza%20Bot/f1/menu%20card.pdf',
    );
  });
});
