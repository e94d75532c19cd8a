import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobNotFoundError, type BlobStore, sha256Hex } from '@/lib/blobs/store';

/** Documents as files under `root`, fanned out by the first two hex digits of their SHA-256. */
export function filesystemBlobStore(root: string): BlobStore {
  const fileFor = (key: string) => {
    assertBlobKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  // Written under a unique temporary name first, then renamed: a crash never leaves half a file
  // under the real key, and the same content stored twice at once cannot clash.
  const settle = async (tmp: string, sha256: string) => {
    const file = fileFor(sha256);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.rename(tmp, file);
  };
  const missing = (key: string) => (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
    throw error;
  };
  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      await fs.mkdir(root, { recursive: true });
      const tmp = path.join(root, `.${randomUUID()}.tmp`);
      await fs.writeFile(tmp, bytes);
      await settle(tmp, sha256);
      return { key: sha256, sha256 };
    },
    async putStream(stream) {
      await fs.mkdir(root, { recursive: true });
      const tmp = path.join(root, `.${randomUUID()}.tmp`);
      const hash = createHash('sha256');
      let size = 0;
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              hash.update(chunk);
              size += chunk.byteLength;
              yield chunk;
            }
          },
          createWriteStream(tmp),
        );
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      const sha256 = hash.digest('hex');
      await settle(tmp, sha256);
      return { key: sha256, sha256, size };
    },
    async get(key) {
      return new Uint8Array(await fs.readFile(fileFor(key)).catch(missing(key)));
    },
    async getStream(key) {
      const file = fileFor(key);
      const { size } = await fs.stat(file).catch(missing(key));
      return { stream: createReadStream(file), size };
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, constants.W_OK);
    },
  };
}
