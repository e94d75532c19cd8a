// `npm run worker` (or `EMEND_ROLE=worker npm start`): the service's background work (async
// entries, batch items, webhooks) in a process of its own, next to any number of servers
// sharing one PostgreSQL. SIGTERM/SIGINT: stop taking jobs, finish or hand back those running.
import './load-env-file';
import { getDatabase } from '@/lib/db/client';
import { env } from '@/lib/env';
import { log } from '@/lib/log';
import { defaultServiceContext } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';
import { exitOnSignals, onShutdown } from '@/lib/shutdown';

if (!env().DATABASE_URL) {
  console.error(
    'emend worker: set DATABASE_URL. The embedded database belongs to one process; the server runs its own workers.',
  );
  process.exit(2);
}
const timeoutMs = env().EMEND_SHUTDOWN_TIMEOUT_SECONDS * 1000;
exitOnSignals(timeoutMs);
const database = await getDatabase();
onShutdown('database', () => database.close());
const base = await defaultServiceContext();
const workers = await startServiceWorkers(database, (queue) => ({ ...base, queue }));
onShutdown('job queue', () => workers.stop(Math.max(1000, timeoutMs - 3000)));
log().info('service worker running');
