import path from 'node:path';
import { filesystemBlobStore } from '@/lib/blobs/filesystem';
import { s3BlobStore } from '@/lib/blobs/s3';
import type { BlobStore } from '@/lib/blobs/store';
import { dataDir, env } from '@/lib/env';

export { filesystemBlobStore } from '@/lib/blobs/filesystem';
export { s3BlobStore } from '@/lib/blobs/s3';
export { assertBlobKey, BlobNotFoundError, type BlobStore, sha256Hex } from '@/lib/blobs/store';

/**
 * Each side keeps its own documents (the desk never reads the service's): a folder of the
 * data directory each, or a prefix each in the configured bucket.
 */
export function blobStoreFor(owner: 'desk' | 'service'): BlobStore {
  const { EMEND_S3_BUCKET, EMEND_S3_ENDPOINT, EMEND_S3_REGION, EMEND_S3_FORCE_PATH_STYLE } = env();
  if (EMEND_S3_BUCKET) {
    return s3BlobStore({
      bucket: EMEND_S3_BUCKET,
      prefix: `${owner}/`,
      endpoint: EMEND_S3_ENDPOINT,
      region: EMEND_S3_REGION,
      forcePathStyle: EMEND_S3_FORCE_PATH_STYLE === '1',
    });
  }
  return filesystemBlobStore(path.join(dataDir(), 'blobs', owner));
}
