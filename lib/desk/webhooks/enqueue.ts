import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type DeskWebhookEvent, webhookEndpoints, webhookOutbox } from '@/lib/db/schema/desk-team';

/**
 * Queues one event for every active endpoint that subscribed to it. Called inside the
 * transaction of the change it reports (an approval, a correction, a finished run), so the
 * event exists exactly when the change does — the delivery loop sends it later, with retries.
 * The body is fixed here: its `id` is the delivery id the receiver dedupes on, and every
 * attempt sends (and signs) the same bytes.
 */
export async function enqueueDeskEvent(
  db: Db,
  event: DeskWebhookEvent,
  input: { entryId?: string | null; runId?: string | null; data: Record<string, unknown> },
): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [event])));
  if (endpoints.length === 0) return 0;
  const createdAt = new Date().toISOString();
  await db.insert(webhookOutbox).values(
    endpoints.map((endpoint) => {
      const id = randomUUID();
      return {
        id,
        endpointId: endpoint.id,
        event,
        entryId: input.entryId ?? null,
        runId: input.runId ?? null,
        body: JSON.stringify({ event_id: id, event, created_at: createdAt, data: input.data }),
      };
    }),
  );
  return endpoints.length;
}
