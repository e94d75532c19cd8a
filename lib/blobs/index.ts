import { createHash, randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '@/lib/env';

/** Where documents' bytes live. Filesystem by default; an S3-compatible store can implement the same. */
export interface BlobStore {
  /** Stores the bytes and returns their key (content-addressed: the SHA-256). */
  put(bytes: Uint8Array): Promise<{ key: string; sha256: string }>;
  get(key: string): Promise<Uint8Array>;
  /** Throws unless the store can be written now (readiness check). */
  check(): Promise<void>;
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function filesystemBlobStore(root: string): BlobStore {
  const fileFor = (key: string) => {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`Invalid blob key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const file = fileFor(sha256);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name first so a crash never leaves half a file under the real key.
      // (A unique temporary name: the same content may be stored twice at the same moment.)
      const tmp = `${file}.${randomUUID()}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
      return { key: sha256, sha256 };
    },
    async get(key) {
      return new Uint8Array(await fs.readFile(fileFor(key)));
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}

/** Each side keeps its own files: the desk never reads the service's. */
export function blobStoreFor(owner: 'desk' | 'service'): BlobStore {
  return filesystemBlobStore(path.join(dataDir(), 'blobs', owner));
}
