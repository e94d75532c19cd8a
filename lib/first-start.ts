import { ensureFirstAdmin } from '@/lib/auth/users';
import type { Database } from '@/lib/db/client';
import { STARTUP_LOCKS, withStartupLock } from '@/lib/db/startup-lock';
import { EMBEDDED_KEY_SETTING } from '@/lib/desk/api';
import { getSetting, setSetting } from '@/lib/desk/settings';
import { createApiKey, ensureAccount } from '@/lib/service/accounts';
import { seedService } from '@/lib/service/seed';

/** Name of the account the desk uses on the embedded service. */
export const DESK_ACCOUNT = 'emend-desk';

export interface FirstStartOptions {
  /** The service runs in this process: seed it and provision the desk's own key on it. */
  embeddedService: boolean;
  /** A key was configured (EXTRACTION_API_KEY): none is provisioned. */
  configuredKey: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
}

/**
 * The steps a fresh database needs once: the service's seed, the desk's API key on the
 * embedded service, the first admin. They run under one advisory lock, so servers and workers
 * started together on an empty PostgreSQL take turns, and each step sees what the one before
 * it made (two servers racing would otherwise both create the admin, or two desk keys).
 * Returns the admin this call created, if it did.
 */
export async function firstStart(
  database: Database,
  options: FirstStartOptions,
): Promise<{ email: string; password: string | null } | null> {
  const { db } = database;
  return withStartupLock(database, STARTUP_LOCKS.firstStart, async () => {
    if (options.embeddedService) {
      await seedService(db);
      if (!options.configuredKey && !(await getSetting<string>(db, EMBEDDED_KEY_SETTING))) {
        const account = await ensureAccount(db, DESK_ACCOUNT, 1000);
        const { key } = await createApiKey(db, account.id, 'desk (provisioned at first start)');
        await setSetting(db, EMBEDDED_KEY_SETTING, key);
      }
    }
    return ensureFirstAdmin(db, options.adminEmail, options.adminPassword);
  });
}
