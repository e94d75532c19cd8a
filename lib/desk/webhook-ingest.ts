import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { batchProgressSchema, entrySchema } from '@/lib/contract/schemas';
import { checkSignatureHeader, verifyWebhookSignature } from '@/lib/contract/webhook-signature';
import type { Db } from '@/lib/db/client';
import { runs, webhookReceipts } from '@/lib/db/schema/desk';
import { applyBatchProgress, applyEntryToRun, settleRun } from '@/lib/desk/runs/progress';
import { WEBHOOK_SECRET_SETTING } from '@/lib/desk/runs/webhook-target';
import { getSetting } from '@/lib/desk/settings';

/**
 * The desk's webhook receiver, without Next.js: verify the signature over the raw body, parse,
 * dedupe on the signed event id, apply. Every change is monotonic (an item's status only moves
 * forward, counters are derived from items), so duplicated and reordered deliveries converge
 * on the same state as the service's own.
 */

export const entryEvents = ['structurer.completed', 'structurer.failed', 'batch.item.completed'] as const;
export const batchEvents = ['batch.completed', 'batch.failed'] as const;

const envelopeSchema = z.object({
  event_id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  created_at: z.string(),
  data: z.unknown(),
});

/** When webhooks work, polling can wait this long after each one. */
export const POLL_DEFER_AFTER_WEBHOOK_MS = 15_000;

export interface IngestInput {
  rawBody: string;
  /** `X-Service-Signature` as received. */
  signature: string | null;
  /** The desk's secret; read from the settings when not given. */
  secret?: string | null;
  /** Unix seconds, for tests. */
  now?: number;
}

export type IngestOutcome = 'applied' | 'duplicate' | 'ignored';

export type IngestResult =
  | { status: 200; body: { ok: true; outcome: IngestOutcome } }
  | { status: 400 | 401 | 409; body: { ok: false; error: string; message: string } };

const refuse = (status: 400 | 401 | 409, error: string, message: string): IngestResult => ({
  status,
  body: { ok: false, error, message },
});

/** Not a run of this desk (yet): answered 409 so the service retries; nothing is recorded. */
class UnknownTarget extends Error {}

/** The secret never changes once made: read once per database. */
const secrets = new WeakMap<Db, string>();
async function deskSecret(db: Db): Promise<string> {
  const known = secrets.get(db);
  if (known) return known;
  const secret = (await getSetting<string>(db, WEBHOOK_SECRET_SETTING)) ?? '';
  if (secret) secrets.set(db, secret);
  return secret;
}

const signatureMessages = {
  missing: 'The X-Service-Signature header is missing.',
  malformed: 'The X-Service-Signature header is not t=<seconds>,v1=<hex>.',
  stale: 'The signature timestamp is more than 300 s away from this server’s clock.',
  mismatch: 'The signature does not match the body.',
} as const;

const refuseSignature = (reason: keyof typeof signatureMessages) =>
  refuse(401, `SIGNATURE_${reason.toUpperCase()}`, signatureMessages[reason]);

/**
 * Before the body is read: a request without a well-formed, fresh signature header is refused
 * here, so an unauthenticated sender cannot make the receiver read (and buffer) anything.
 */
export function refuseUnsignedWebhook(signature: string | null, now?: number): IngestResult | null {
  const check = checkSignatureHeader({ header: signature, now });
  return check.ok ? null : refuseSignature(check.reason);
}

export async function ingestWebhook(db: Db, input: IngestInput): Promise<IngestResult> {
  const secret = input.secret ?? (await deskSecret(db));
  const check = verifyWebhookSignature({
    secret,
    rawBody: input.rawBody,
    header: input.signature,
    now: input.now,
  });
  if (!check.ok) return refuseSignature(check.reason);

  let json: unknown;
  try {
    json = JSON.parse(input.rawBody);
  } catch {
    return refuse(400, 'MALFORMED_BODY', 'The body is not JSON.');
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    return refuse(400, 'MALFORMED_BODY', 'The body is not {event_id, event, created_at, data}.');
  }
  const { event, data } = envelope.data;
  // Deduplicated on the signed event id: the X-Service-Delivery header is not covered by the
  // signature, so a replay with a fresh header must not count as a new delivery.
  const deliveryId = envelope.data.event_id.trim();
  if (!deliveryId) return refuse(400, 'MALFORMED_BODY', 'The event_id is empty.');

  let apply: (tx: Db) => Promise<{ runId: string } | null>;
  let known = true;
  if ((entryEvents as readonly string[]).includes(event)) {
    const entry = entrySchema.safeParse(data);
    if (!entry.success) return refuse(400, 'MALFORMED_BODY', `The data of ${event} is not an entry.`);
    apply = (tx) => applyEntryToRun(tx, entry.data);
  } else if ((batchEvents as readonly string[]).includes(event)) {
    const progress = batchProgressSchema.safeParse(data);
    if (!progress.success)
      return refuse(400, 'MALFORMED_BODY', `The data of ${event} is not a batch progress body.`);
    apply = (tx) => applyBatchProgress(tx, progress.data);
  } else {
    // An event this desk does not know (a newer service): acknowledged so it is not retried.
    known = false;
    apply = async () => null;
  }

  try {
    const outcome = await db.transaction(async (tx) => {
      const [receipt] = await tx
        .insert(webhookReceipts)
        .values({ deliveryId, event, outcome: 'applied' })
        .onConflictDoNothing()
        .returning({ id: webhookReceipts.deliveryId });
      if (!receipt) return 'duplicate' as const;
      const applied = await apply(tx);
      if (!applied) {
        if (known) throw new UnknownTarget();
        await tx
          .update(webhookReceipts)
          .set({ outcome: 'ignored' })
          .where(eq(webhookReceipts.deliveryId, deliveryId));
        return 'ignored' as const;
      }
      await settleRun(tx, applied.runId, {
        lastWebhookAt: new Date(),
        nextPollAt: sql`greatest(${runs.nextPollAt}, now() + ${sql.raw(`interval '${POLL_DEFER_AFTER_WEBHOOK_MS} milliseconds'`)})`,
        pollAttempts: 0,
      });
      return 'applied' as const;
    });
    return { status: 200, body: { ok: true, outcome } };
  } catch (error) {
    if (error instanceof UnknownTarget) {
      return refuse(
        409,
        'UNKNOWN_TARGET',
        'No run of this desk has this batch or entry (yet): retry later, or it is not this desk’s.',
      );
    }
    throw error;
  }
}
