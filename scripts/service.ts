// `npm run service`: the local v3 service alone, on SERVICE_PORT, with its workers.
import './load-env-file';
import { serve } from '@hono/node-server';
import { getDatabase } from '@/lib/db/client';
import { env } from '@/lib/env';
import { createServiceApp } from '@/lib/service/app';
import { defaultServiceContext, registerServiceQueue } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';
import { seedService } from '@/lib/service/seed';

const database = await getDatabase();
await seedService(database.db);
const base = await defaultServiceContext();
const workers = await startServiceWorkers(database, (queue) => ({ ...base, queue }));
registerServiceQueue(workers.queue);
const app = createServiceApp(defaultServiceContext);
const port = env().SERVICE_PORT;
const server = serve({ fetch: app.fetch, port }, () => {
  console.log(`Emend v3 service listening on http://localhost:${port}/v3`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    server.close();
    await workers.stop();
    await database.close();
    process.exit(0);
  });
}
