// `npm run worker`: the service's background work (async entries, batch items, webhooks)
// in a process of its own, next to any number of servers sharing one PostgreSQL.
import { getDatabase } from '@/lib/db/client';
import { env } from '@/lib/env';
import { defaultServiceContext } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';

if (!env().DATABASE_URL) {
  console.error(
    'emend worker: set DATABASE_URL. The embedded database belongs to one process; the server runs its own workers.',
  );
  process.exit(2);
}
const database = await getDatabase();
const base = await defaultServiceContext();
const workers = await startServiceWorkers(database, (queue) => ({ ...base, queue }));
console.log('Emend service worker running.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await workers.stop();
    await database.close();
    process.exit(0);
  });
}
