import { and, inArray, isNotNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { BlobStore } from '@/lib/blobs';
import type { Db } from '@/lib/db/client';
import { documents as deskDocuments } from '@/lib/db/schema/desk';
import { webhookOutbox } from '@/lib/db/schema/desk-team';
import { entries, documents as serviceDocuments, webhookDeliveries } from '@/lib/db/schema/service';

export interface PurgeCounts {
  /** Desk documents whose file was removed (the row stays: entries and runs point at it). */
  deskDocuments: number;
  /** Documents uploaded to the service (`POST /v3/documents`), row and file. */
  serviceDocuments: number;
  /** Stored inputs of finished entries (the documents they were sent with); the entries stay. */
  entryInputs: number;
  /** Webhook deliveries delivered or given up on: the service's and the desk's own. */
  webhookDeliveries: number;
  /** Finished jobs and pg-boss's archive of them. */
  jobs: number;
}

/** A desk document whose file retention removed keeps its row with this blob key. */
export const PURGED_BLOB_KEY = '';

const BATCH = 500;

/**
 * Removes what is older than `olderThan`: document files on both sides, the inputs of finished
 * entries, finished webhook deliveries and job history. Entries, corrections and decisions are
 * kept. Safe to run again and from several servers at once: each step picks what is left.
 * Files are content-addressed, so one still used by a newer row is kept.
 */
export async function purge(
  db: Db,
  stores: { desk: BlobStore; service: BlobStore },
  olderThan: Date,
): Promise<PurgeCounts> {
  const counts: PurgeCounts = {
    deskDocuments: 0,
    serviceDocuments: 0,
    entryInputs: 0,
    webhookDeliveries: 0,
    jobs: 0,
  };

  for (;;) {
    const old = await db
      .select({ id: deskDocuments.id, key: deskDocuments.blobKey })
      .from(deskDocuments)
      .where(and(lt(deskDocuments.createdAt, olderThan), ne(deskDocuments.blobKey, PURGED_BLOB_KEY)))
      .limit(BATCH);
    if (old.length === 0) break;
    await db
      .update(deskDocuments)
      .set({ blobKey: PURGED_BLOB_KEY })
      .where(
        inArray(
          deskDocuments.id,
          old.map((d) => d.id),
        ),
      );
    const keys = [...new Set(old.map((d) => d.key))];
    const kept = await db
      .selectDistinct({ key: deskDocuments.blobKey })
      .from(deskDocuments)
      .where(inArray(deskDocuments.blobKey, keys));
    const still = new Set(kept.map((k) => k.key));
    for (const key of keys) if (!still.has(key)) await stores.desk.delete(key);
    counts.deskDocuments += old.length;
  }

  for (;;) {
    const old = await db
      .delete(serviceDocuments)
      .where(
        inArray(
          serviceDocuments.id,
          db
            .select({ id: serviceDocuments.id })
            .from(serviceDocuments)
            .where(lt(serviceDocuments.createdAt, olderThan))
            .limit(BATCH),
        ),
      )
      .returning({ key: serviceDocuments.blobKey });
    if (old.length === 0) break;
    const keys = [...new Set(old.map((d) => d.key))];
    const kept = await db
      .selectDistinct({ key: serviceDocuments.blobKey })
      .from(serviceDocuments)
      .where(inArray(serviceDocuments.blobKey, keys));
    const still = new Set(kept.map((k) => k.key));
    for (const key of keys) if (!still.has(key)) await stores.service.delete(key);
    counts.serviceDocuments += old.length;
  }

  for (;;) {
    const old = await db
      .select({ id: entries.id, key: entries.inputKey })
      .from(entries)
      .where(
        and(
          lt(entries.createdAt, olderThan),
          isNotNull(entries.inputKey),
          notInArray(entries.status, ['pending', 'processing']),
        ),
      )
      .limit(BATCH);
    if (old.length === 0) break;
    await db
      .update(entries)
      .set({ inputKey: null })
      .where(
        inArray(
          entries.id,
          old.map((e) => e.id),
        ),
      );
    // The same request sent twice is one input file: kept while a newer entry still has it.
    const keys = [...new Set(old.map((e) => e.key as string))];
    const kept = await db
      .selectDistinct({ key: entries.inputKey })
      .from(entries)
      .where(inArray(entries.inputKey, keys));
    const still = new Set(kept.map((k) => k.key));
    for (const key of keys) if (!still.has(key)) await stores.service.delete(key);
    counts.entryInputs += old.length;
  }

  const deliveries = await db
    .delete(webhookDeliveries)
    .where(
      and(
        lt(webhookDeliveries.createdAt, olderThan),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  // The desk's own webhooks too (their attempts go with them); the audit log is kept.
  const deskDeliveries = await db
    .delete(webhookOutbox)
    .where(and(lt(webhookOutbox.createdAt, olderThan), inArray(webhookOutbox.state, ['delivered', 'failed'])))
    .returning({ id: webhookOutbox.id });
  counts.webhookDeliveries = deliveries.length + deskDeliveries.length;

  counts.jobs = await purgeJobHistory(db, olderThan);
  return counts;
}

/** pg-boss's finished jobs and its archive (schema `jobs`, present once a queue has started). */
async function purgeJobHistory(db: Db, olderThan: Date): Promise<number> {
  const exists = (await db.execute(sql`select to_regclass('jobs.archive') is not null as ok`)) as unknown as {
    rows: { ok: boolean }[];
  };
  if (!exists.rows[0]?.ok) return 0;
  const cutoff = olderThan.toISOString();
  const archived = (await db.execute(
    sql`delete from jobs.archive where archived_on < ${cutoff}::timestamptz returning 1`,
  )) as unknown as { rows: unknown[] };
  const finished = (await db.execute(
    sql`delete from jobs.job where state in ('completed', 'failed', 'cancelled') and completed_on < ${cutoff}::timestamptz returning 1`,
  )) as unknown as { rows: unknown[] };
  return archived.rows.length + finished.rows.length;
}
