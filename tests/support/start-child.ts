// One server's start-up on DATABASE_URL, for the start-up race test: migrations, the queue,
// the first-start steps; prints "started <json>" with what this process created, then stops.
// Run as `node --import tsx tests/support/start-child.ts`.
import path from 'node:path';
import { filesystemBlobStore } from '@/lib/blobs';
import { openDatabase } from '@/lib/db/client';
import { firstStart } from '@/lib/first-start';
import { startServiceWorkers } from '@/lib/service/jobs/workers';

const database = await openDatabase({ url: process.env.DATABASE_URL! });
const workers = await startServiceWorkers(
  database,
  (queue) => ({
    db: database.db,
    blobs: filesystemBlobStore(path.join(process.env.BLOB_DIR!, 'service')),
    allowHosts: [],
    webhookAllowHosts: [],
    rateLimitPerMinute: 1000,
    queue,
    maxQueueDepth: 1000,
  }),
  {
    expireInSeconds: 60,
    maintenanceIntervalSeconds: 60,
    sweepIntervalSeconds: 60,
    entryWorkers: 1,
    deliveryWorkers: 1,
    webhookBackoffMs: 100,
  },
);
const admin = await firstStart(database, {
  embeddedService: true,
  configuredKey: false,
  adminEmail: 'admin@emend.local',
  adminPassword: undefined,
});
await workers.stop(1000);
await database.close();
console.log(`started ${JSON.stringify({ createdAdmin: Boolean(admin) })}`);
