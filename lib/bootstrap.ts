import { startLoop, stopAllLoops } from '@/lib/background';
import { blobStoreFor } from '@/lib/blobs';
import { getDatabase } from '@/lib/db/client';
import { startEmbeddedVacuum } from '@/lib/db/embedded-vacuum';
import { STARTUP_LOCKS, withStartupLock } from '@/lib/db/startup-lock';
import { deskApiKey, deskClient } from '@/lib/desk/api';
import { seedDemoEntries } from '@/lib/desk/demo';
import { syncDeploymentsFromService } from '@/lib/desk/deployments';
import { startOutboxWorker } from '@/lib/desk/outbox';
import { startReconciler } from '@/lib/desk/reconciler';
import { startDeskWebhookWorker } from '@/lib/desk/webhooks/deliver';
import { env, extractionApiUrl, runsJobs, usesEmbeddedService } from '@/lib/env';
import { firstStart } from '@/lib/first-start';
import { warmReaders } from '@/lib/isolation/readers';
import { errorMessage, log } from '@/lib/log';
import { purge } from '@/lib/retention';
import { accountForKey } from '@/lib/service/accounts';
import { defaultServiceContext, registerDeskAccount, registerServiceQueue } from '@/lib/service/context';
import { startServiceWorkers, workerOptionsFromEnv } from '@/lib/service/jobs/workers';
import { exitOnSignals, onShutdown } from '@/lib/shutdown';

export { DESK_ACCOUNT } from '@/lib/first-start';

/**
 * Start-up of one server: migrations, the embedded service's queue (and its workers unless
 * EMEND_ROLE=web), the first-start steps, the desk's background loops, and what stops them all
 * on SIGTERM. This is the composition root: the one place that touches both sides.
 */
export async function bootstrap(): Promise<void> {
  const { EMEND_ROLE, DATABASE_URL, EMEND_SHUTDOWN_TIMEOUT_SECONDS } = env();
  if (EMEND_ROLE !== 'all' && !DATABASE_URL)
    throw new Error(
      `EMEND_ROLE=${EMEND_ROLE} needs DATABASE_URL: the embedded database belongs to one process, which runs every role.`,
    );
  const timeoutMs = EMEND_SHUTDOWN_TIMEOUT_SECONDS * 1000;
  exitOnSignals(timeoutMs);
  const database = await getDatabase();
  // Registered first, so stopped last: everything below still needs the database.
  onShutdown('database', () => database.close());
  if (usesEmbeddedService()) {
    // Only the desk's own account may send webhooks to this server's loopback receiver.
    registerDeskAccount(async () => {
      const key = await deskApiKey();
      return key ? ((await accountForKey(database.db, key))?.id ?? null) : null;
    });
    const base = await defaultServiceContext();
    const workers = await startServiceWorkers(database, (queue) => ({ ...base, queue }), {
      ...workerOptionsFromEnv(),
      work: runsJobs(),
    });
    registerServiceQueue(workers.queue);
    // Not awaited: the server answers meanwhile, and a document arriving first waits for them anyway.
    void warmReaders();
    // Jobs get the timeout less a margin for what comes after them (loops, pools).
    onShutdown('job queue', () => workers.stop(Math.max(1000, timeoutMs - 3000)));
  }
  const admin = await firstStart(database, {
    embeddedService: usesEmbeddedService(),
    configuredKey: Boolean(env().EXTRACTION_API_KEY),
    adminEmail: env().EMEND_ADMIN_EMAIL,
    adminPassword: env().EMEND_ADMIN_PASSWORD,
  });
  if (admin) {
    const how = admin.password
      ? `password: ${admin.password}  (shown once — keep it)`
      : 'password: $EMEND_ADMIN_PASSWORD';
    // Plain stdout, not the log: the generated password is for the operator's eyes, not a collector's.
    console.log(`\n  First admin created — sign in as ${admin.email}\n  ${how}\n`);
  }
  // Corrections saved while the service was unreachable are retried from the desk's outbox.
  startOutboxWorker(async () => ({ db: (await getDatabase()).db, client: deskClient }));
  // Runs whose webhooks do not arrive are polled to their end.
  startReconciler(async () => ({ db: (await getDatabase()).db, client: deskClient }));
  // The desk's own webhooks (Settings → Webhooks), from their durable queue.
  startDeskWebhookWorker(async () => ({ db: (await getDatabase()).db }));
  // The embedded database has no autovacuum of its own.
  startEmbeddedVacuum(getDatabase);
  // Retention (EMEND_RETENTION_DAYS): hourly; every server may run it, each pass takes what is left.
  const retentionDays = env().EMEND_RETENTION_DAYS;
  if (retentionDays) {
    startLoop('[retention] purge pass', 3_600_000, async () => {
      const olderThan = new Date(Date.now() - retentionDays * 86_400_000);
      const stores = { desk: blobStoreFor('desk'), service: blobStoreFor('service') };
      log().info({ ...(await purge((await getDatabase()).db, stores, olderThan)) }, 'retention purge');
    });
  }
  onShutdown('background loops', stopAllLoops);
  void afterListening();
}

/** Work that needs the HTTP server up: the deployment registry and, on a fresh install, demo entries. */
async function afterListening(): Promise<void> {
  const database = await getDatabase();
  const { db } = database;
  const health = `${extractionApiUrl()}/v3/deployments`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(health, { signal: AbortSignal.timeout(2000) });
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  try {
    const client = await deskClient();
    await syncDeploymentsFromService(db, client);
    if (usesEmbeddedService() && env().EMEND_SEED_DEMO === '1') {
      // Under the first-start lock: of servers started together, one seeds and the rest find entries.
      const seeded = await withStartupLock(database, STARTUP_LOCKS.firstStart, () =>
        seedDemoEntries(db, client),
      );
      if (seeded) log().info({ seeded }, 'seeded demo entries');
    }
  } catch (error) {
    log().error({ error: errorMessage(error) }, 'could not reach the extraction service at start');
  }
}
