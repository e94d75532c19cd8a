import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { WebhookConfig } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { webhookAttempts, webhookDeliveries } from '@/lib/db/schema/service';
import { deliverWebhookOnce, retryDelayMs } from '@/lib/net/webhook-post';
import type { ServiceContext } from '@/lib/service/context';

/** 1 attempt + 3 retries (docs/v3-interface.md, Webhooks). */
export const MAX_ATTEMPTS = 4;
/** The receiver's time to answer (docs/v3-interface.md, Webhooks). */
export const DELIVERY_TIMEOUT_MS = 30_000;

export type WebhookEvent =
  | 'structurer.completed'
  | 'structurer.failed'
  | 'batch.item.completed'
  | 'batch.completed'
  | 'batch.failed';

/**
 * Records one event for delivery, in the caller's transaction so it is never lost between
 * "the work is done" and "the webhook is owed". Returns the delivery id to enqueue.
 */
export async function recordDelivery(
  db: Db,
  input: {
    accountId: string;
    webhook: WebhookConfig;
    event: WebhookEvent;
    data: unknown;
    batchId?: string | null;
    entryId?: string | null;
    itemMetadata?: Record<string, unknown> | null;
  },
): Promise<string> {
  const id = randomUUID();
  const body = JSON.stringify({
    event_id: id,
    event: input.event,
    created_at: new Date().toISOString(),
    data: input.data,
  });
  await db.insert(webhookDeliveries).values({
    id,
    accountId: input.accountId,
    batchId: input.batchId ?? null,
    entryId: input.entryId ?? null,
    event: input.event,
    url: input.webhook.url,
    secret: input.webhook.secret ?? null,
    body,
    itemMetadata: input.itemMetadata ?? null,
  });
  return id;
}

/** One attempt of a due delivery; schedules the next one or settles it. Safe to call twice. */
export async function runDelivery(
  ctx: ServiceContext,
  deliveryId: string,
  backoffBaseMs: number,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<void> {
  if (await itemEventsGoFirst(ctx, deliveryId)) return;
  // Held for one attempt and a margin; a worker that died mid-attempt lets go when it ends.
  const leaseMs = Math.round(timeoutMs * 1.5);
  const now = new Date();
  const [delivery] = await ctx.db
    .update(webhookDeliveries)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, new Date(now.getTime() + 1000)),
        or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, now)),
      ),
    )
    .returning();
  if (!delivery) return; // delivered, failed, not due, or another worker has it

  const attempt = delivery.attemptCount + 1;
  const result = await deliverWebhookOnce({
    url: delivery.url,
    secret: delivery.secret,
    event: delivery.event,
    deliveryId: delivery.id,
    rawBody: delivery.body,
    allowHosts: [
      ...ctx.webhookAllowHosts,
      ...(ctx.deskWebhookHosts?.length && (await ctx.deskAccountId?.()) === delivery.accountId
        ? ctx.deskWebhookHosts
        : []),
    ],
    timeoutMs,
  });
  const finished = result.delivered || attempt >= MAX_ATTEMPTS;
  const nextAttemptAt = new Date(Date.now() + retryDelayMs(attempt, backoffBaseMs));
  await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attempt,
      httpStatus: result.httpStatus,
      errorMessage: result.errorMessage,
      durationMs: result.durationMs,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attemptCount: attempt,
        httpStatus: result.httpStatus,
        errorMessage: result.errorMessage,
        status: result.delivered ? 'delivered' : finished ? 'failed' : 'pending',
        deliveredAt: result.delivered ? new Date() : null,
        nextAttemptAt: finished ? delivery.nextAttemptAt : nextAttemptAt,
        leaseUntil: null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  if (!finished) await ctx.queue?.deliverWebhook(delivery.id, nextAttemptAt);
}

/**
 * A batch's final event waits until each of its items' events has been tried once, so a
 * receiver hears `batch.completed` after the items (retries of a failing item may still come
 * later). True when the final event was put back on the queue for a moment.
 */
async function itemEventsGoFirst(ctx: ServiceContext, deliveryId: string): Promise<boolean> {
  const [delivery] = await ctx.db
    .select({ event: webhookDeliveries.event, batchId: webhookDeliveries.batchId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery?.batchId || delivery.event === 'batch.item.completed') return false;
  const [untried] = await ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.batchId, delivery.batchId),
        eq(webhookDeliveries.event, 'batch.item.completed'),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attemptCount, 0),
      ),
    )
    .limit(1);
  if (!untried || !ctx.queue) return false;
  await ctx.queue.deliverWebhook(deliveryId, new Date(Date.now() + 250));
  return true;
}
