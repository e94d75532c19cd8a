// A real S3-compatible HTTP server for tests: @20minutes/s3rver (pure JavaScript, no install
// scripts, from npm; Debian has no MinIO package). It answers the SDK's signed requests as S3
// does, so the store is tested over HTTP, not against a mock of the SDK.
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types
import S3rver from '@20minutes/s3rver';
import { tempDir } from './database';

export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Environment for a child process using this store through lib/env.ts. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'emend-test'): Promise<TestS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('s3'),
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      EMEND_S3_BUCKET: bucket,
      EMEND_S3_ENDPOINT: endpoint,
      EMEND_S3_FORCE_PATH_STYLE: '1',
      EMEND_S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    close: () => server.close(),
  };
}
