import type PgBoss from 'pg-boss';
import type { Database } from '@/lib/db/client';
import { STARTUP_LOCKS, withStartupLock } from '@/lib/db/startup-lock';
import { env } from '@/lib/env';
import { log, withRequestId } from '@/lib/log';
import type { ServiceContext } from '@/lib/service/context';
import { giveUpOnEntry, processQueuedEntry, releaseLeases } from '@/lib/service/jobs/process-entry';
import {
  createBoss,
  createQueues,
  type JobQueue,
  jobQueueOn,
  QUEUES,
  type QueueSettings,
  retryNow,
} from '@/lib/service/jobs/queue';
import { orphanedWork } from '@/lib/service/jobs/sweeper';
import { runDelivery } from '@/lib/service/webhooks/deliveries';

export interface WorkerOptions extends QueueSettings {
  entryWorkers: number;
  deliveryWorkers: number;
  webhookBackoffMs: number;
  /** How long a receiver has to answer; 30 s (docs/v3-interface.md, Webhooks) unless a test wants crashes found sooner. */
  webhookTimeoutMs?: number;
  /** Seconds between sweeps for lost work. */
  sweepIntervalSeconds: number;
  /** False for a web-only process (EMEND_ROLE=web): it puts work on the queue and runs none. */
  work?: boolean;
}

export function workerOptionsFromEnv(): WorkerOptions {
  return {
    expireInSeconds: env().SERVICE_JOB_EXPIRE_SECONDS,
    maintenanceIntervalSeconds: env().SERVICE_QUEUE_MAINTENANCE_SECONDS,
    sweepIntervalSeconds: env().SERVICE_QUEUE_MAINTENANCE_SECONDS,
    entryWorkers: env().SERVICE_ENTRY_WORKERS,
    deliveryWorkers: env().SERVICE_WEBHOOK_WORKERS,
    webhookBackoffMs: env().SERVICE_WEBHOOK_BACKOFF_MS,
  };
}

export interface RunningWorkers {
  boss: PgBoss;
  queue: JobQueue;
  sweep(): Promise<void>;
  /**
   * Stops taking jobs, lets those running finish for up to `timeoutMs`, then hands the rest
   * back: pg-boss fails them, they are made due at once and their entries' leases are
   * released, so another worker takes them over on its next poll instead of after SERVICE_JOB_EXPIRE_SECONDS.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts the service's background work in this process: entry processing and webhook
 * delivery on pg-boss, and a sweeper for work a crash left without a job. Any number of
 * processes may run it against one PostgreSQL.
 */
export async function startServiceWorkers(
  database: Database,
  context: (queue: JobQueue) => ServiceContext,
  options: WorkerOptions = workerOptionsFromEnv(),
): Promise<RunningWorkers> {
  const boss = createBoss(database, options);
  boss.on('error', (error) => log().error({ error: error.message }, 'queue error'));
  // pg-boss installs its schema under a lock of its own; creating and updating the queues is
  // ours to serialise when several processes start at once on an empty database.
  await withStartupLock(database, STARTUP_LOCKS.firstStart, async () => {
    await boss.start();
    await createQueues(boss, options);
  });
  const queue = jobQueueOn(boss);
  const ctx = context(queue);
  if (options.work === false) {
    return {
      boss,
      queue,
      sweep: async () => {},
      stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs }),
    };
  }
  /** Entry id → job id of the entry jobs running in this process, to hand back on stop. */
  const inFlight = new Map<string, string>();
  // Each worker fetches a few jobs per poll and runs them side by side; a job that throws
  // fails alone (and is retried) without failing its neighbours.
  const workEach = async <T extends object>(
    name: string,
    workers: number,
    run: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ) => {
    for (let i = 0; i < workers; i++) {
      await boss.work<T>(
        name,
        { batchSize: 4, pollingIntervalSeconds: 0.5, includeMetadata: true },
        async (jobs) => {
          // Each job runs under the id of the request that caused it (or its own id).
          const results = await Promise.allSettled(
            jobs.map((job) =>
              withRequestId((job.data as { requestId?: string }).requestId ?? job.id, () => run(job)),
            ),
          );
          for (const [j, result] of results.entries()) {
            if (result.status === 'rejected') {
              await boss.fail(name, jobs[j].id, {
                message: String((result.reason as Error)?.message ?? result.reason),
              });
            }
          }
        },
      );
    }
  };
  await workEach<{ entryId: string }>(QUEUES.processEntry, options.entryWorkers, async (job) => {
    inFlight.set(job.data.entryId, job.id);
    try {
      await processQueuedEntry(ctx, job.data.entryId, options.expireInSeconds * 1000);
    } catch (error) {
      if (job.retryCount >= job.retryLimit)
        await giveUpOnEntry(ctx, job.data.entryId, (error as Error).message);
      throw error;
    } finally {
      inFlight.delete(job.data.entryId);
    }
  });
  await workEach<{ deliveryId: string }>(QUEUES.deliverWebhook, options.deliveryWorkers, (job) =>
    runDelivery(ctx, job.data.deliveryId, options.webhookBackoffMs, options.webhookTimeoutMs),
  );

  const sweep = async () => {
    const lost = await orphanedWork(ctx.db);
    for (const id of lost.entries) await queue.processEntry(id);
    for (const id of lost.deliveries) await queue.deliverWebhook(id);
  };
  await sweep().catch((error) => log().error({ error: error.message }, 'sweep failed'));
  const timer = setInterval(() => {
    sweep().catch((error) => log().error({ error: error.message }, 'sweep failed'));
  }, options.sweepIntervalSeconds * 1000);
  timer.unref();

  return {
    boss,
    queue,
    sweep,
    async stop(timeoutMs = 10_000) {
      clearInterval(timer);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // Still running after the timeout: pg-boss has failed these jobs (so they are retried);
      // the entries' leases go too, else the retry would find them taken. Whichever run
      // finishes first writes the result, once (finishEntry locks the row).
      if (inFlight.size > 0) {
        await releaseLeases(ctx.db, [...inFlight.keys()]);
        await retryNow(ctx.db, [...inFlight.values()]);
      }
    },
  };
}
