// The real v3 service over HTTP for the hostile-input suite and `npm run bench:hostile`: a fresh
// database (DATABASE_URL for PostgreSQL, else an in-memory PGlite), the seeded deployments, one
// account with 1,000 EUR, and the service app on @hono/node-server with the production defaults
// (limits, reader processes). Prints "ready <port> <api key>". Run it as
// `node --import tsx tests/support/hostile-server.ts` so that its pid is the server's own.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { filesystemBlobStore } from '@/lib/blobs';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { createServiceApp } from '@/lib/service/app';
import type { ServiceContext } from '@/lib/service/context';
import { seedService } from '@/lib/service/seed';
import { freshDatabase, tempDir } from './database';

const database = await freshDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true },
);
await seedService(database.db);
const account = await ensureAccount(database.db, 'attacker', 1000);
const { key } = await createApiKey(database.db, account.id);
const context: ServiceContext = {
  db: database.db,
  blobs: filesystemBlobStore(path.join(tempDir('hostile-blobs'), 'service')),
  allowHosts: ['127.0.0.1'],
  webhookAllowHosts: [],
  rateLimitPerMinute: 100_000,
  queue: null,
  maxQueueDepth: 10_000,
};
const server = serve(
  { fetch: createServiceApp(async () => context).fetch, port: 0, hostname: '127.0.0.1' },
  () => console.log(`ready ${(server.address() as AddressInfo).port} ${key}`),
);
process.on('disconnect', () => process.exit(0));
