import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type RunMode, runBatches, runItems, runs } from '@/lib/db/schema/desk';
import { planBatches, type RunItemInput } from '@/lib/desk/runs/planning';
import { settleRun } from '@/lib/desk/runs/progress';
import { uploadOnce } from '@/lib/desk/runs/upload-once';
import { webhookSecret, webhookUrl } from '@/lib/desk/runs/webhook-target';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

// Creating a run and sending its documents to the service (async for one, batches for more).

/** What submitting a run needs of the v3 client (a fake in tests). */
export type RunClient = Pick<ExtractionClient, 'processAsync' | 'processBatch'> &
  Partial<Pick<ExtractionClient, 'uploadDocument'>>;

/**
 * Creates a run and submits it: one item as an async entry, more as batches of ≤ 100 items.
 * Every item is recorded before anything is sent, so an event that arrives early finds its
 * row. When a later batch is refused, the earlier ones keep running and the refused items are
 * marked failed with the reason; when nothing could be sent the run is removed and the error
 * thrown.
 */
export async function createRun(
  db: Db,
  client: RunClient,
  input: {
    deploymentId: string;
    name: string;
    items: RunItemInput[];
    createdBy: string | null;
    webhooks?: boolean;
  },
): Promise<{ runId: string; mode: RunMode; batchIds: string[]; submitErrors: string[] }> {
  if (input.items.length === 0) throw new Error('A run needs at least one document.');
  const webhooksOn = input.webhooks ?? true;
  const mode: RunMode = input.items.length === 1 ? 'async' : 'batch';
  const chunks = mode === 'async' ? [input.items] : planBatches(input.items);
  const [run] = await db
    .insert(runs)
    .values({
      name: input.name,
      deploymentId: input.deploymentId,
      mode,
      totalItems: input.items.length,
      webhooks: webhooksOn,
      createdBy: input.createdBy,
      // Give webhooks a few seconds before the first poll; without them, poll from the start.
      nextPollAt: new Date(Date.now() + (webhooksOn ? 5_000 : 1_000)),
    })
    .returning({ id: runs.id });
  const runId = run.id;
  let position = 0;
  const itemRows = chunks.flatMap((chunk) =>
    chunk.map((item, itemIndex) => ({
      runId,
      position: position++,
      itemIndex,
      documentId: item.documentId,
      documentName: item.documentName,
      metadata: item.metadata,
    })),
  );
  for (let i = 0; i < itemRows.length; i += 500) await db.insert(runItems).values(itemRows.slice(i, i + 500));

  const webhook = { url: webhookUrl(webhooksOn), secret: await webhookSecret(db), incremental: true };
  const batchIds: string[] = [];
  const submitErrors: string[] = [];
  let submitted = 0;
  let first = 0;
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const positions = chunk.map((_, i) => first + i);
    first += chunk.length;
    try {
      if (mode === 'async') {
        const [item] = chunk;
        const documents = await uploadOnce(client.uploadDocument, [item.document]);
        const accepted = await client.processAsync(
          input.deploymentId,
          {
            documents,
            webhook: { url: webhook.url, secret: webhook.secret },
            metadata: item.metadata,
          },
          `desk-run:${runId}:0`,
        );
        await db
          .update(runItems)
          .set({ entryId: accepted.entry_id, updatedAt: new Date() })
          .where(and(eq(runItems.runId, runId), eq(runItems.position, 0)));
      } else {
        const documents = await uploadOnce(
          client.uploadDocument,
          chunk.map((item) => item.document),
        );
        const created = await client.processBatch(
          input.deploymentId,
          {
            requests: chunk.map((item, i) => ({ documents: [documents[i]], metadata: item.metadata })),
            webhook,
          },
          `desk-run:${runId}:${chunkIndex}`,
        );
        await db.insert(runBatches).values({
          batchId: created.batch_id,
          runId,
          position: chunkIndex,
          totalItems: created.total_items,
          status: created.status,
        });
        await db
          .update(runItems)
          .set({ batchId: created.batch_id, updatedAt: new Date() })
          .where(and(eq(runItems.runId, runId), inArray(runItems.position, positions)));
        batchIds.push(created.batch_id);
      }
      submitted++;
    } catch (error) {
      if (submitted === 0 && chunkIndex === 0 && chunks.length === 1) {
        await db.delete(runItems).where(eq(runItems.runId, runId));
        await db.delete(runs).where(eq(runs.id, runId));
        throw error;
      }
      const reason =
        error instanceof ExtractionApiError ? `${error.message} (${error.code})` : (error as Error).message;
      submitErrors.push(reason);
      await db
        .update(runItems)
        .set({
          status: 'failed',
          errorCount: 1,
          submitError: `Not submitted: ${reason}`,
          updatedAt: new Date(),
        })
        .where(and(eq(runItems.runId, runId), inArray(runItems.position, positions)));
    }
  }
  if (submitted === 0) {
    // Several batches, none accepted: keep nothing half-made.
    await db.delete(runItems).where(eq(runItems.runId, runId));
    await db.delete(runs).where(eq(runs.id, runId));
    throw new ExtractionApiError('SUBMIT_FAILED', submitErrors[0] ?? 'The run could not be submitted.', 0);
  }
  await settleRun(db, runId);
  return { runId, mode, batchIds, submitErrors };
}
