import path from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { fileBlobStore } from './file-blob-store';
import { s3BlobStore } from './s3-blob-store';

/** Files under DATA_DIR/blobs by default; an S3 bucket when BLOB_STORE=s3. */
export function createBlobStore(config: Config): BlobStore {
  return config.blobs.kind === 's3'
    ? s3BlobStore(config.blobs.s3)
    : fileBlobStore(path.join(config.dataDir, 'blobs'));
}
