import { sql } from 'drizzle-orm';
import { blobStoreFor } from '@/lib/blobs';
import { getDatabase } from '@/lib/db/client';
import { extractionApiUrl, usesEmbeddedService } from '@/lib/env';
import { log } from '@/lib/log';
import { registeredServiceQueue } from '@/lib/service/context';
import { shuttingDown } from '@/lib/shutdown';

export type Readiness = {
  ready: boolean;
  /** Each part: ok or failed. Names only — no addresses, messages or settings reach the answer. */
  checks: Record<string, 'ok' | 'failed'>;
  /** The parts that failed, first the one most likely the cause. */
  failing: string[];
};

const CHECK_TIMEOUT_MS = 3000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** What this process needs to serve: the database, the queue, the blob stores, the extraction service. */
export function readinessChecks(): Record<string, () => Promise<unknown>> {
  const checks: Record<string, () => Promise<unknown>> = {
    database: async () => (await getDatabase()).db.execute(sql`select 1`),
    blob_store: async () => {
      await blobStoreFor('desk').check();
      if (usesEmbeddedService()) await blobStoreFor('service').check();
    },
  };
  if (usesEmbeddedService()) {
    checks.queue = async () => {
      const queue = registeredServiceQueue();
      if (!queue) throw new Error('the job queue has not started');
      await queue.depth();
    };
  } else {
    // The service's own public document: reachable without a key, says nothing about ours.
    checks.extraction_service = async () => {
      const response = await fetch(`${extractionApiUrl()}/v3/openapi.json`, {
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`answered ${response.status}`);
    };
  }
  return checks;
}

/** Runs every check side by side, each bounded; a failure is logged here with its reason. */
export async function readiness(
  checks = readinessChecks(),
  warn: (message: string) => void = (message) => log().warn(message),
): Promise<Readiness> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(names.map((name) => within(CHECK_TIMEOUT_MS, checks[name]())));
  const report: Readiness = { ready: true, checks: {}, failing: [] };
  for (const [i, name] of names.entries()) {
    const result = results[i];
    report.checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
    if (result.status === 'rejected') {
      report.failing.push(name);
      warn(`readiness: ${name} failed: ${(result.reason as Error)?.message ?? result.reason}`);
    }
  }
  if (shuttingDown()) report.failing.unshift('shutting_down');
  report.ready = report.failing.length === 0;
  return report;
}
