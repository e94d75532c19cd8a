import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { QUEUES } from '@/lib/service/jobs/queue';

/**
 * Work the database owes but no queued job covers: an enqueue lost to a crash between the
 * commit and the send, or a job that exhausted its retries. Looks into pg-boss's own table
 * (schema `jobs`) for live jobs, so nothing is enqueued twice.
 */
export async function orphanedWork(db: Db): Promise<{ entries: string[]; deliveries: string[] }> {
  const live = (queue: string, key: string, column: string) => sql`not exists (
    select 1 from jobs.job j
    where j.name = ${queue} and j.state in ('created', 'retry', 'active') and j.data->>${key} = ${sql.raw(column)}::text)`;
  const entries = await db.execute(sql`
    select id from service.entries
    where input_key is not null and status in ('pending', 'processing')
      and (status = 'pending' or lease_until < now())
      and updated_at < now() - interval '10 seconds'
      and ${live(QUEUES.processEntry, 'entryId', 'service.entries.id')}
    limit 500`);
  const deliveries = await db.execute(sql`
    select id from service.webhook_deliveries
    where status = 'pending' and next_attempt_at < now() - interval '10 seconds'
      and (lease_until is null or lease_until < now())
      and ${live(QUEUES.deliverWebhook, 'deliveryId', 'service.webhook_deliveries.id')}
    limit 500`);
  const ids = (result: unknown) => ((result as { rows: { id: string }[] }).rows ?? []).map((r) => r.id);
  return { entries: ids(entries), deliveries: ids(deliveries) };
}
