import { and, eq, inArray, isNotNull, lt, notInArray, or } from 'drizzle-orm';
import type { DocumentInput, ValidationErrorItem, WebhookConfig } from '@/lib/contract/schemas';
import { batches, entries } from '@/lib/db/schema/service';
import { creditsOf, debitCredits } from '@/lib/service/accounts';
import { settleBatch } from '@/lib/service/batches';
import type { ServiceContext } from '@/lib/service/context';
import { loadStructure } from '@/lib/service/deployments';
import { toEntryDto } from '@/lib/service/entries';
import { outcomeColumns } from '@/lib/service/entry-rows';
import { ServiceError } from '@/lib/service/errors';
import { pricePerPageOf } from '@/lib/service/pricing';
import { type ExtractionOutcome, processDocuments } from '@/lib/service/processing';
import { recordDelivery } from '@/lib/service/webhooks/deliveries';

function failedOutcome(code: string, message: string): ExtractionOutcome {
  const error: ValidationErrorItem = { path: '', code, message, severity: 'error' };
  return { status: 'failed', data: {}, errors: [error], sources: {}, confidence: {}, documents: [] };
}

const insufficientCredits = (price: number) =>
  failedOutcome('INSUFFICIENT_CREDITS', `Processing costs ${price} EUR; the balance is too low.`);

/**
 * Processes one queued entry (async, or a batch item) exactly once: the entry is claimed
 * with a lease, its final state and the webhooks it owes are written in one transaction,
 * and a second job for the same entry finds nothing to do.
 */
export async function processQueuedEntry(
  ctx: ServiceContext,
  entryId: string,
  /** As long as the queue lets a job run: a crashed worker's entry is taken over after it. */
  leaseMs: number,
): Promise<'done' | 'skipped'> {
  const now = new Date();
  const [entry] = await ctx.db
    .update(entries)
    .set({ status: 'processing', leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(entries.id, entryId),
        isNotNull(entries.inputKey),
        or(eq(entries.status, 'pending'), and(eq(entries.status, 'processing'), lt(entries.leaseUntil, now))),
      ),
    )
    .returning();
  if (!entry) {
    // Done already — perhaps by a run that died after writing the result and before settling
    // its batch (this job is that run's retry): settling again is harmless, and finishes it.
    const [done] = await ctx.db
      .select({ batchId: entries.batchId })
      .from(entries)
      .where(and(eq(entries.id, entryId), notInArray(entries.status, ['pending', 'processing'])));
    if (done?.batchId)
      for (const id of await settleBatch(ctx.db, done.batchId)) await ctx.queue?.deliverWebhook(id);
    return 'skipped';
  }
  if (entry.batchId) await settleBatch(ctx.db, entry.batchId); // pending → processing

  const started = performance.now();
  let outcome: ExtractionOutcome;
  let price = 0;
  const structure = await loadStructure(ctx.db, entry.structureId, entry.structureVersion);
  try {
    if (!structure)
      throw new ServiceError(404, 'DEPLOYMENT_NOT_FOUND', 'The structure of this deployment is gone.');
    const inputs = JSON.parse(
      new TextDecoder().decode(await ctx.blobs.get(entry.inputKey!)),
    ) as DocumentInput[];
    const processed = await processDocuments(ctx, {
      accountId: entry.accountId,
      tenantId: entry.tenantId,
      inputs,
      structure,
      pricePerPage: await pricePerPageOf(ctx.db, entry.deploymentId),
      // Only looks at the balance here: the debit happens with the final write below, once.
      canAfford: async (cost) => (await creditsOf(ctx.db, entry.accountId)) >= cost,
      pay: async (cost) => (await creditsOf(ctx.db, entry.accountId)) >= cost,
    });
    if (processed.paid) {
      outcome = processed.outcome;
      price = processed.price;
    } else {
      outcome = insufficientCredits(processed.price);
    }
  } catch (error) {
    // A document that cannot be fetched or found fails this entry with the spec's code.
    if (!(error instanceof ServiceError)) throw error; // anything else: the job is retried
    outcome = failedOutcome(error.code, error.message);
    price = 0; // nothing was processed, nothing is charged
  }

  await finishEntry(ctx, entry.id, ['processing'], {
    outcome,
    price,
    timeMs: Math.round(performance.now() - started),
  });
  return 'done';
}

/**
 * Writes an entry's result exactly once: the charge, the result and the webhooks it owes in
 * one transaction, then its batch moves along. The entry row is locked first, so of two runs
 * of one entry (a job retried while the first still ran) only one finds it still in flight:
 * it alone is charged and writes the result. False when the entry was no longer in flight.
 */
async function finishEntry(
  ctx: ServiceContext,
  entryId: string,
  inFlight: ('pending' | 'processing')[],
  result: { outcome: ExtractionOutcome; price: number; timeMs?: number },
): Promise<boolean> {
  let { outcome, price } = result;
  const finished = await ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: entries.id, accountId: entries.accountId })
      .from(entries)
      .where(and(eq(entries.id, entryId), inArray(entries.status, inFlight)))
      .for('update');
    if (!open) return null;
    if (price > 0 && !(await debitCredits(tx, open.accountId, price))) {
      outcome = insufficientCredits(price);
      price = 0;
    }
    const [row] = await tx
      .update(entries)
      .set({
        ...outcomeColumns(outcome),
        ...(result.timeMs === undefined ? {} : { timeMs: result.timeMs }),
        price,
        leaseUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(entries.id, entryId))
      .returning();
    const dto = toEntryDto(row, []);
    const ids: string[] = [];
    if (!row.batchId && row.webhook) {
      ids.push(
        await recordDelivery(tx, {
          accountId: row.accountId,
          webhook: row.webhook as WebhookConfig,
          event: row.status === 'failed' ? 'structurer.failed' : 'structurer.completed',
          data: dto,
          entryId: row.id,
        }),
      );
    }
    if (row.batchId) {
      const [batch] = await tx
        .select({ webhook: batches.webhook })
        .from(batches)
        .where(eq(batches.id, row.batchId));
      const webhook = batch?.webhook as WebhookConfig | undefined;
      if (webhook && webhook.incremental !== false) {
        ids.push(
          await recordDelivery(tx, {
            accountId: row.accountId,
            webhook,
            event: 'batch.item.completed',
            data: dto,
            batchId: row.batchId,
            entryId: row.id,
            itemMetadata: (row.metadata as Record<string, unknown> | null) ?? null,
          }),
        );
      }
    }
    return { batchId: row.batchId, deliveries: ids };
  });
  if (!finished) return false;
  const deliveries = finished.deliveries;
  if (finished.batchId) deliveries.push(...(await settleBatch(ctx.db, finished.batchId)));
  for (const id of deliveries) await ctx.queue?.deliverWebhook(id);
  return true;
}

/** Hands entries a stopping worker still holds back to the queue's next run of their job. */
export async function releaseLeases(db: ServiceContext['db'], entryIds: string[]): Promise<void> {
  await db
    .update(entries)
    .set({ leaseUntil: new Date(Date.now() - 1000) })
    .where(and(inArray(entries.id, entryIds), eq(entries.status, 'processing')));
}

/**
 * After the queue's last retry: the entry fails with a clear error instead of staying in
 * flight, and its webhooks go out as for any other result.
 */
export async function giveUpOnEntry(ctx: ServiceContext, entryId: string, message: string): Promise<void> {
  await finishEntry(ctx, entryId, ['pending', 'processing'], {
    outcome: failedOutcome('INTERNAL_ERROR', `Processing failed repeatedly: ${message}`),
    price: 0,
  });
}
