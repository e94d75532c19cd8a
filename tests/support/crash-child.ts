// A service process for the crash test: the v3 app and its workers on an existing database
// (DATABASE_URL for PostgreSQL, else PGLITE_DIR for a file-backed PGlite), with short job
// expiry so a killed worker's work is taken over quickly. Prints "ready <port>". SIGTERM shuts
// it down as lib/shutdown.ts does a server, within SHUTDOWN_MS.
// Start it as `node --import tsx tests/support/crash-child.ts`, not through the tsx CLI:
// the CLI runs the script in a child of its own, which a SIGKILL of the CLI leaves running.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { blobStoreFor, filesystemBlobStore } from '@/lib/blobs';
import { openDatabase } from '@/lib/db/client';
import { createServiceApp } from '@/lib/service/app';
import type { ServiceContext } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';
import { exitOnSignals, onShutdown } from '@/lib/shutdown';

const database = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dir: process.env.PGLITE_DIR! },
);
const context: ServiceContext = {
  db: database.db,
  // With EMEND_S3_* set, the shared S3-compatible store, as lib/env.ts configures a server.
  blobs: process.env.EMEND_S3_BUCKET
    ? blobStoreFor('service')
    : filesystemBlobStore(path.join(process.env.BLOB_DIR!, 'service')),
  allowHosts: ['127.0.0.1'],
  webhookAllowHosts: ['127.0.0.1'],
  rateLimitPerMinute: 100_000,
  queue: null,
  maxQueueDepth: 10_000,
};
const shutdownMs = Number(process.env.SHUTDOWN_MS ?? 5000);
exitOnSignals(shutdownMs);
onShutdown('database', () => database.close());
const workers = await startServiceWorkers(database, (queue) => Object.assign(context, { queue }), {
  expireInSeconds: Number(process.env.EXPIRE_SECONDS ?? 3),
  maintenanceIntervalSeconds: 1,
  sweepIntervalSeconds: 1,
  entryWorkers: Number(process.env.ENTRY_WORKERS ?? 1),
  deliveryWorkers: 2,
  // EMEND_ROLE=web: serves the API and enqueues; the jobs are the workers' (EMEND_ROLE=worker).
  work: process.env.EMEND_ROLE !== 'web',
  webhookBackoffMs: 100,
  webhookTimeoutMs: 2000, // a delivery the killed process held is retried 3 s later
});
const server = serve(
  { fetch: createServiceApp(async () => context).fetch, port: 0, hostname: '127.0.0.1' },
  () => {
    console.log(`ready ${(server.address() as AddressInfo).port}`);
  },
);
onShutdown('job queue', () => workers.stop(Math.max(1000, shutdownMs - 2000)));
onShutdown('http server', () => {
  server.close();
});
