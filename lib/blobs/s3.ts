import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, BlobNotFoundError, type BlobStore, sha256Hex } from '@/lib/blobs/store';

export interface S3Options {
  bucket: string;
  /** Keys go under it (`desk/`, `service/`): one bucket serves both sides. */
  prefix: string;
  /** MinIO, R2, Ceph…; unset: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Credentials; unset: the SDK's standard chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// One client per configuration: it keeps the connections to the store alive between calls.
const clients = new Map<string, S3Client>();

function clientFor(options: S3Options): S3Client {
  const id = JSON.stringify([options.endpoint, options.region, options.forcePathStyle, options.credentials]);
  let client = clients.get(id);
  if (!client) {
    client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    });
    clients.set(id, client);
  }
  return client;
}

/** S3 says NoSuchKey; some compatible stores answer a bare 404, which the SDK cannot name. */
const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** Documents as objects `prefix + sha256` in an S3-compatible bucket. */
export function s3BlobStore(options: S3Options): BlobStore {
  const s3 = clientFor(options);
  const Bucket = options.bucket;
  const keyFor = (key: string) => {
    assertBlobKey(key);
    return `${options.prefix}${key}`;
  };
  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      await s3.send(new PutObjectCommand({ Bucket, Key: keyFor(sha256), Body: bytes }));
      return { key: sha256, sha256 };
    },
    async putStream(stream) {
      // The key is the hash of what has not been read yet: upload under a temporary key while
      // hashing (multipart, a few MB in memory at a time), then copy to the real key.
      const tmpKey = `${options.prefix}tmp/${randomUUID()}`;
      const hash = createHash('sha256');
      let size = 0;
      const body = new PassThrough();
      stream.on('error', (error) => body.destroy(error));
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.byteLength;
      });
      stream.pipe(body);
      try {
        await new Upload({ client: s3, params: { Bucket, Key: tmpKey, Body: body } }).done();
        const sha256 = hash.digest('hex');
        await s3.send(
          new CopyObjectCommand({ Bucket, Key: keyFor(sha256), CopySource: `${Bucket}/${tmpKey}` }),
        );
        return { key: sha256, sha256, size };
      } finally {
        await s3.send(new DeleteObjectCommand({ Bucket, Key: tmpKey })).catch(() => {});
      }
    },
    async get(key) {
      const { stream } = await this.getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
    async getStream(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: keyFor(key) }));
        return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: keyFor(key) }));
    },
    async check() {
      // A marker object read (and written the first time): proves the bucket, the credentials
      // and write access with calls every S3-compatible store signs alike.
      const Key = `${options.prefix}.emend-ready`;
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key }));
        await object.Body?.transformToByteArray();
      } catch (error) {
        if (!isMissing(error)) throw error;
        await s3.send(new PutObjectCommand({ Bucket, Key, Body: 'ok' }));
      }
    },
  };
}
