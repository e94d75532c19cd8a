import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where documents' bytes live: the filesystem by default (one server), or an S3-compatible
 * object store that every server and worker shares. Keys are content addresses (the SHA-256),
 * so storing the same bytes twice keeps one copy.
 */
export interface BlobStore {
  /** Stores the bytes and returns their key (content-addressed: the SHA-256). */
  put(bytes: Uint8Array): Promise<{ key: string; sha256: string }>;
  /** Stores a stream without holding it whole in memory; the key is known once it has been read. */
  putStream(stream: Readable): Promise<{ key: string; sha256: string; size: number }>;
  get(key: string): Promise<Uint8Array>;
  /** The bytes as a stream, with their size: for serving large documents without buffering them. */
  getStream(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes the bytes (retention); a key already gone is no error. */
  delete(key: string): Promise<void>;
  /** Throws unless the store can be reached now (readiness check). */
  check(): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored document under ${key}.`);
  }
}

export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function assertBlobKey(key: string): void {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error(`Invalid blob key ${key}`);
}
