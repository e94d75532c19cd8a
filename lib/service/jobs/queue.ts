import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '@/lib/db/client';
import { currentRequestId } from '@/lib/log';

export const QUEUES = {
  processEntry: 'service-process-entry',
  deliverWebhook: 'service-deliver-webhook',
} as const;

/** What routes and workers need of the queue: put work on it. */
export interface JobQueue {
  processEntry(entryId: string): Promise<void>;
  deliverWebhook(deliveryId: string, startAfter?: Date): Promise<void>;
  /** Jobs waiting to run, for the overload guard (503). */
  depth(): Promise<number>;
}

export interface QueueSettings {
  /** A job not finished after this long is retried (a killed worker's job, say). */
  expireInSeconds: number;
  /** How often pg-boss looks for expired jobs. */
  maintenanceIntervalSeconds: number;
}

/** pg-boss in schema `jobs`, on PostgreSQL directly or on the process's PGlite through `db`. */
export function createBoss(database: Database, settings: QueueSettings): PgBoss {
  const common = {
    schema: 'jobs',
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
    monitorStateIntervalSeconds: 60,
    archiveCompletedAfterSeconds: 3600,
  };
  if (database.kind === 'postgres') {
    const options = database.pool.options as { connectionString?: string };
    return new PgBoss({ connectionString: options.connectionString, max: 4, ...common });
  }
  const pglite = database.pglite;
  return new PgBoss({
    ...common,
    db: {
      // Statements without parameters may hold several commands (pg-boss's migrations): `exec`.
      async executeSql(text: string, values: unknown[]) {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  });
}

/**
 * One delivery attempt lasts at most 30 s (the receiver's timeout): a delivery job still
 * active after this long died with its worker, and is retried well before an entry would be.
 */
const DELIVERY_EXPIRE_SECONDS = 120;

/**
 * Creates the queues, and brings existing ones to this server's settings: pg-boss keeps a
 * queue's options from its creation, so without the update a changed
 * SERVICE_JOB_EXPIRE_SECONDS would never reach a database that already has the queues. Jobs
 * already queued keep the options they were sent with.
 */
export async function createQueues(boss: PgBoss, settings: QueueSettings): Promise<void> {
  for (const name of Object.values(QUEUES)) {
    const options = {
      name,
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds:
        name === QUEUES.deliverWebhook
          ? Math.min(settings.expireInSeconds, DELIVERY_EXPIRE_SECONDS)
          : settings.expireInSeconds,
    };
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
}

export function jobQueueOn(boss: PgBoss): JobQueue {
  return {
    // The request that caused the job rides along, so the job's log lines carry its id.
    async processEntry(entryId) {
      await boss.send(QUEUES.processEntry, { entryId, requestId: currentRequestId() });
    },
    async deliverWebhook(deliveryId, startAfter) {
      await boss.send(
        QUEUES.deliverWebhook,
        { deliveryId, requestId: currentRequestId() },
        startAfter ? { startAfter } : {},
      );
    },
    async depth() {
      return boss.getQueueSize(QUEUES.processEntry);
    },
  };
}

/**
 * Jobs a stopping worker handed back (pg-boss failed them into `retry`) are due at once rather
 * than after the retry delay of 2–4 s: another worker picks them up on its next poll. pg-boss
 * has no call for this, hence the update of its table (schema `jobs`, see createBoss).
 */
export async function retryNow(db: Db, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  const ids = sql.join(
    jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`update jobs.job set start_after = now() where id in (${ids}) and state = 'retry'`);
}
