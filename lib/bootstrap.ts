import { ensureFirstAdmin } from '@/lib/auth/users';
import { getDatabase } from '@/lib/db/client';
import { startEmbeddedVacuum } from '@/lib/db/embedded-vacuum';
import { deskClient, EMBEDDED_KEY_SETTING } from '@/lib/desk/api';
import { seedDemoEntries } from '@/lib/desk/demo';
import { syncDeploymentsFromService } from '@/lib/desk/deployments';
import { startOutboxWorker } from '@/lib/desk/outbox';
import { startReconciler } from '@/lib/desk/reconciler';
import { getSetting, setSetting } from '@/lib/desk/settings';
import { env, extractionApiUrl, usesEmbeddedService } from '@/lib/env';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { defaultServiceContext, registerServiceQueue } from '@/lib/service/context';
import { startServiceWorkers } from '@/lib/service/jobs/workers';
import { seedService } from '@/lib/service/seed';

/** Name of the account the desk uses on the embedded service. */
export const DESK_ACCOUNT = 'emend-desk';

/**
 * Start-up of one server: migrations, the embedded service's seed, the desk's own API key,
 * the first admin. This is the composition root: the one place that touches both sides.
 */
export async function bootstrap(): Promise<void> {
  const database = await getDatabase();
  const { db } = database;
  if (usesEmbeddedService()) {
    await seedService(db);
    // Async and batch work of the embedded service runs in this process.
    const base = await defaultServiceContext();
    const workers = await startServiceWorkers(database, (queue) => ({ ...base, queue }));
    registerServiceQueue(workers.queue);
    if (!env().EXTRACTION_API_KEY && !(await getSetting<string>(db, EMBEDDED_KEY_SETTING))) {
      const account = await ensureAccount(db, DESK_ACCOUNT, 1000);
      const { key } = await createApiKey(db, account.id, 'desk (provisioned at first start)');
      await setSetting(db, EMBEDDED_KEY_SETTING, key);
    }
  }
  const admin = await ensureFirstAdmin(db, env().EMEND_ADMIN_EMAIL, env().EMEND_ADMIN_PASSWORD);
  if (admin) {
    const how = admin.password
      ? `password: ${admin.password}  (shown once — keep it)`
      : 'password: $EMEND_ADMIN_PASSWORD';
    console.log(`\n  First admin created — sign in as ${admin.email}\n  ${how}\n`);
  }
  // Corrections saved while the service was unreachable are retried from the desk's outbox.
  startOutboxWorker(async () => ({ db: (await getDatabase()).db, client: deskClient }));
  // Runs whose webhooks do not arrive are polled to their end.
  startReconciler(async () => ({ db: (await getDatabase()).db, client: deskClient }));
  // The embedded database has no autovacuum of its own.
  startEmbeddedVacuum(getDatabase);
  void afterListening();
}

/** Work that needs the HTTP server up: the deployment registry and, on a fresh install, demo entries. */
async function afterListening(): Promise<void> {
  const { db } = await getDatabase();
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
      const seeded = await seedDemoEntries(db, client);
      if (seeded) console.log(`  Seeded ${seeded} demo entries.`);
    }
  } catch (error) {
    console.error('[desk] could not reach the extraction service at start:', (error as Error).message);
  }
}
