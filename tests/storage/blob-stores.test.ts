import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, filesystemBlobStore, s3BlobStore, sha256Hex } from '@/lib/blobs';
import { tempDir } from '../support/database';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3 } from '../support/s3-server';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const stores: { name: string; make: () => BlobStore }[] = [
  { name: 'filesystem', make: () => filesystemBlobStore(path.join(tempDir('blobs'), 'service')) },
  {
    name: 'S3-compatible (s3rver over HTTP)',
    make: () =>
      s3BlobStore({
        bucket: s3.bucket,
        prefix: 'service/',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
      }),
  },
];

/** A stream of `total` random bytes in 64 KiB chunks, and their hash, without one big buffer. */
function randomStream(total: number): { stream: Readable; sha256: Promise<string> } {
  const chunks: Buffer[] = [];
  let left = total;
  const stream = Readable.from(
    (function* () {
      while (left > 0) {
        const chunk = randomBytes(Math.min(65_536, left));
        left -= chunk.byteLength;
        chunks.push(chunk);
        yield chunk;
      }
    })(),
  );
  const sha256 = new Promise<string>((resolve) =>
    stream.on('end', () => resolve(sha256Hex(Buffer.concat(chunks)))),
  );
  return { stream, sha256 };
}

describe.each(stores)('blob store: $name', ({ make }) => {
  it('stores bytes under their SHA-256, once, and gives them back', async () => {
    const store = make();
    const bytes = new TextEncoder().encode(`invoice ${Math.random()}`);
    const first = await store.put(bytes);
    expect(first.key).toBe(sha256Hex(bytes));
    expect(await store.put(bytes)).toEqual(first); // same content, same key
    expect(await store.get(first.key)).toEqual(bytes);
  });

  it('streams in and out (12 MB: several multipart parts on S3)', async () => {
    const store = make();
    const input = randomStream(12 * 1024 * 1024);
    const stored = await store.putStream(input.stream);
    expect(stored.sha256).toBe(await input.sha256);
    expect(stored.size).toBe(12 * 1024 * 1024);
    const out = await store.getStream(stored.key);
    expect(out.size).toBe(stored.size);
    const hash = (await import('node:crypto')).createHash('sha256');
    for await (const chunk of out.stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(stored.sha256);
  });

  it('a stream that fails midway stores nothing under a key, and says why', async () => {
    const store = make();
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('half a document');
        throw new Error('client went away');
      })(),
    );
    await expect(store.putStream(failing)).rejects.toThrow('client went away');
    await expect(store.get(sha256Hex('half a document'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('a missing key is a clear error; a malformed key is refused; delete removes', async () => {
    const store = make();
    await expect(store.get('0'.repeat(64))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.get('../../etc/passwd')).rejects.toThrow('Invalid blob key');
    const { key } = await store.put(new TextEncoder().encode('to be purged'));
    await store.delete(key);
    await store.delete(key); // already gone: no error
    await expect(store.getStream(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.check();
  });
});

describe('S3 store readiness', () => {
  it('fails its check when the bucket does not exist', async () => {
    const store = s3BlobStore({
      bucket: 'no-such-bucket',
      prefix: 'desk/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
    await expect(store.check()).rejects.toThrow();
  });
});
