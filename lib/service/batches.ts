import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { BatchProgress, ValidationErrorItem, WebhookConfig } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { batches, entries, webhookDeliveries } from '@/lib/db/schema/service';
import type { Caller } from '@/lib/service/entries';
import { notFound } from '@/lib/service/errors';
import { structureResource } from '@/lib/service/structure-resource';
import { recordDelivery } from '@/lib/service/webhooks/deliveries';

export type BatchRow = typeof batches.$inferSelect;

function batchOwnedBy(caller: Caller) {
  const account = eq(batches.accountId, caller.accountId);
  return caller.tenantId ? and(account, eq(batches.tenantId, caller.tenantId))! : account;
}

export async function findBatch(db: Db, caller: Caller, id: string): Promise<BatchRow> {
  const [row] = await db
    .select()
    .from(batches)
    .where(and(eq(batches.id, id), batchOwnedBy(caller)));
  if (!row) throw notFound.batch(id);
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The batch progress body of docs/v3-interface.md: items in request order, and failing webhook deliveries. */
export async function batchProgress(db: Db, batch: BatchRow): Promise<BatchProgress> {
  const items = await db
    .select({
      index: entries.itemIndex,
      status: entries.status,
      id: entries.id,
      metadata: entries.metadata,
      data: entries.data,
      errors: entries.errors,
    })
    .from(entries)
    .where(eq(entries.batchId, batch.id))
    .orderBy(asc(entries.itemIndex));
  const failing = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.batchId, batch.id),
        or(
          eq(webhookDeliveries.status, 'failed'),
          and(eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.attemptCount} > 0`),
        ),
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt));
  const final = (s: string) => s !== 'pending' && s !== 'processing';
  return {
    batch_id: batch.id,
    status: batch.status as BatchProgress['status'],
    total_items: batch.totalItems,
    ...structureResource({ id: batch.structureId, version: batch.structureVersion }),
    created_at: batch.createdAt.toISOString(),
    deployment_id: batch.deploymentId,
    completed_items: items.filter((i) => final(i.status) && i.status !== 'failed').length,
    failed_items: items.filter((i) => i.status === 'failed').length,
    updated_at: batch.updatedAt.toISOString(),
    completed_at: iso(batch.completedAt),
    items: items.map((i) => ({
      index: i.index ?? 0,
      status: i.status as BatchProgress['items'][number]['status'],
      entry_id: i.id,
      metadata: (i.metadata as Record<string, unknown> | null) ?? null,
      data: final(i.status) ? (i.data as Record<string, unknown>) : null,
      errors: (i.errors as ValidationErrorItem[] | null) ?? null,
    })),
    failed_webhooks: failing.map((d) => ({
      webhook_id: d.id,
      event: d.event,
      status: d.status,
      attempt_count: d.attemptCount,
      http_status: d.httpStatus,
      error_message: d.errorMessage,
      created_at: d.createdAt.toISOString(),
      delivered_at: iso(d.deliveredAt),
      item_metadata: (d.itemMetadata as Record<string, unknown> | null) ?? null,
    })),
  };
}

/**
 * Moves a batch along after one of its items changed: `processing` while items run, then
 * `completed` or `failed` once all are final. The final move is a conditional update, so
 * its webhook is recorded exactly once whatever the number of workers. Returns the ids of
 * deliveries to enqueue.
 */
export async function settleBatch(db: Db, batchId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [counts] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${entries.status} in ('pending', 'processing'))`.mapWith(
          Number,
        ),
        failed: sql<number>`count(*) filter (where ${entries.status} = 'failed')`.mapWith(Number),
        total: sql<number>`count(*)`.mapWith(Number),
      })
      .from(entries)
      .where(eq(entries.batchId, batchId));
    if (counts.open > 0) {
      await tx
        .update(batches)
        .set({ status: 'processing', updatedAt: new Date() })
        .where(and(eq(batches.id, batchId), eq(batches.status, 'pending')));
      return [];
    }
    const status = counts.failed === counts.total ? 'failed' : 'completed';
    const [settled] = await tx
      .update(batches)
      .set({ status, updatedAt: new Date(), completedAt: new Date() })
      .where(and(eq(batches.id, batchId), inArray(batches.status, ['pending', 'processing'])))
      .returning();
    if (!settled) return [];
    const progress = await batchProgress(tx, settled);
    const id = await recordDelivery(tx, {
      accountId: settled.accountId,
      webhook: settled.webhook as WebhookConfig,
      event: status === 'failed' ? 'batch.failed' : 'batch.completed',
      data: progress,
      batchId,
    });
    return [id];
  });
}
