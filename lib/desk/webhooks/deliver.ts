import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { startLoop } from '@/lib/background';
import type { Db } from '@/lib/db/client';
import { webhookEndpoints, webhookOutbox, webhookOutboxAttempts } from '@/lib/db/schema/desk-team';
import { env } from '@/lib/env';
import { parseAllowHosts } from '@/lib/net/address-policy';
import { type DeliveryAttempt, deliverWebhookOnce, retryDelayMs } from '@/lib/net/webhook-post';

/** Attempts before a delivery is given up (about 4 hours with the default 2 s base). */
export const MAX_DELIVERY_ATTEMPTS = 14;
const LEASE_MS = 60_000;
export const DESK_WEBHOOK_USER_AGENT = 'Emend-Desk/1';

export interface DeliveryOptions {
  /** Rows taken per pass. */
  limit?: number;
  /** Parallel POSTs within a pass. */
  concurrency?: number;
  backoffMs?: number;
  allowHosts?: readonly string[];
  /** The POST itself, for tests of the queue alone. */
  post?: typeof deliverWebhookOnce;
}

/**
 * One pass of the desk's webhook queue: leases due deliveries (several servers may run passes:
 * `for update skip locked` and the lease keep them apart), posts each signed with its endpoint's
 * secret, logs the attempt, and either marks it delivered or schedules the next try with
 * exponential backoff, giving up after MAX_DELIVERY_ATTEMPTS. Returns how many were sent.
 */
export async function deliverDueWebhooks(db: Db, options: DeliveryOptions = {}): Promise<number> {
  const limit = options.limit ?? 50;
  const backoffMs = options.backoffMs ?? env().EMEND_WEBHOOK_BACKOFF_MS;
  const allowHosts = options.allowHosts ?? parseAllowHosts(env().EMEND_WEBHOOK_ALLOW_HOSTS);
  const post = options.post ?? deliverWebhookOnce;
  const now = new Date();
  const due = db
    .select({ id: webhookOutbox.id })
    .from(webhookOutbox)
    .where(
      and(
        eq(webhookOutbox.state, 'pending'),
        lte(webhookOutbox.nextAttemptAt, now),
        or(isNull(webhookOutbox.leasedUntil), lt(webhookOutbox.leasedUntil, now)),
      ),
    )
    .orderBy(webhookOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(webhookOutbox)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(webhookOutbox.id, due))
    .returning();
  if (leased.length === 0) return 0;
  const endpointIds = [...new Set(leased.map((d) => d.endpointId))];
  const endpoints = new Map(
    (await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds))).map((e) => [
      e.id,
      e,
    ]),
  );
  const queue = [...leased];
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      const endpoint = endpoints.get(row.endpointId);
      const attempt: DeliveryAttempt = endpoint
        ? await post({
            url: endpoint.url,
            secret: endpoint.secret,
            event: row.event,
            deliveryId: row.id,
            rawBody: row.body,
            allowHosts,
            userAgent: DESK_WEBHOOK_USER_AGENT,
          })
        : { delivered: false, httpStatus: null, errorMessage: 'The endpoint was deleted.', durationMs: 0 };
      await recordAttempt(db, row, attempt, backoffMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, leased.length) }, worker));
  return leased.length;
}

async function recordAttempt(
  db: Db,
  row: typeof webhookOutbox.$inferSelect,
  attempt: DeliveryAttempt,
  backoffMs: number,
): Promise<void> {
  const attempts = row.attempts + 1;
  const gaveUp = !attempt.delivered && attempts >= MAX_DELIVERY_ATTEMPTS;
  await db.transaction(async (tx) => {
    await tx.insert(webhookOutboxAttempts).values({
      deliveryId: row.id,
      attempt: attempts,
      httpStatus: attempt.httpStatus,
      error: attempt.errorMessage,
      durationMs: attempt.durationMs,
    });
    await tx
      .update(webhookOutbox)
      .set({
        attempts,
        httpStatus: attempt.httpStatus,
        lastError: attempt.errorMessage,
        state: attempt.delivered ? 'delivered' : gaveUp ? 'failed' : 'pending',
        deliveredAt: attempt.delivered ? new Date() : null,
        nextAttemptAt: new Date(
          Date.now() + (attempt.delivered || gaveUp ? 0 : retryDelayMs(attempts, backoffMs)),
        ),
        leasedUntil: null,
      })
      .where(eq(webhookOutbox.id, row.id));
  });
}

/** Sends a delivery again now (the deliveries list's replay): same id, same body. */
export async function replayDelivery(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookOutbox)
    .set({ state: 'pending', nextAttemptAt: new Date(), leasedUntil: null })
    .where(eq(webhookOutbox.id, id))
    .returning({ id: webhookOutbox.id });
  return rows.length > 0;
}

/** Starts this server's delivery loop; an idle desk costs one indexed query a tick. */
export function startDeskWebhookWorker(open: () => Promise<{ db: Db }>, intervalMs = 1_000): () => void {
  return startLoop('[desk] webhook delivery pass', intervalMs, async () => {
    const { db } = await open();
    // Keep going while full passes come back, so a burst drains without waiting a tick each.
    while ((await deliverDueWebhooks(db)) >= 50) {}
  });
}
