import { asc, count, desc, eq, notInArray } from 'drizzle-orm';
import { type BatchProgress, isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, type RunMode, type RunStatus, runBatches, runItems, runs } from '@/lib/db/schema/desk';

// Runs as the pages read them (DTOs: nothing secret, nothing the browser does not need).

export interface RunSummary {
  id: string;
  name: string;
  deploymentId: string;
  mode: RunMode;
  status: RunStatus;
  totalItems: number;
  completedItems: number;
  failedItems: number;
  webhooks: boolean;
  createdAt: string;
  finishedAt: string | null;
}

const summaryColumns = {
  id: runs.id,
  name: runs.name,
  deploymentId: runs.deploymentId,
  mode: runs.mode,
  status: runs.status,
  totalItems: runs.totalItems,
  completedItems: runs.completedItems,
  failedItems: runs.failedItems,
  webhooks: runs.webhooks,
  createdAt: runs.createdAt,
  finishedAt: runs.finishedAt,
};

const toSummary = (r: { createdAt: Date; finishedAt: Date | null; [k: string]: unknown }): RunSummary => ({
  ...(r as unknown as RunSummary),
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function listRuns(db: Db, options: { limit?: number; inProgressOnly?: boolean } = {}) {
  const rows = await db
    .select(summaryColumns)
    .from(runs)
    .where(options.inProgressOnly ? notInArray(runs.status, ['completed', 'failed']) : undefined)
    .orderBy(desc(runs.createdAt), desc(runs.id))
    .limit(options.limit ?? 100);
  return rows.map(toSummary);
}

export async function countRunsInProgress(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(runs)
    .where(notInArray(runs.status, ['completed', 'failed']));
  return row.n;
}

export interface RunItemView {
  position: number;
  documentName: string;
  status: string;
  errorCount: number;
  entryId: string | null;
  /** In the desk's index: the review page can open it. */
  reviewable: boolean;
  reviewState: string | null;
  submitError: string | null;
  batchId: string | null;
  itemIndex: number;
}

export interface FailedWebhookView {
  batchId: string;
  webhookId: string;
  event: string;
  status: string;
  attemptCount: number;
  httpStatus: number | null;
  errorMessage: string | null;
  createdAt: string;
  itemMetadata: Record<string, unknown> | null;
}

export interface RunView extends RunSummary {
  elapsedMs: number;
  /** Finished items per second since the run was created. */
  throughputPerSecond: number;
  lastWebhookAt: string | null;
  lastPollError: string | null;
  batches: { batchId: string; position: number; totalItems: number; status: string }[];
  items: RunItemView[];
  failedWebhooks: FailedWebhookView[];
}

export async function getRunView(db: Db, runId: string, now = new Date()): Promise<RunView | null> {
  if (!isUuid(runId)) return null;
  const [run] = await db
    .select({ ...summaryColumns, lastWebhookAt: runs.lastWebhookAt, lastPollError: runs.lastPollError })
    .from(runs)
    .where(eq(runs.id, runId));
  if (!run) return null;
  const [batchRows, itemRows] = await Promise.all([
    db.select().from(runBatches).where(eq(runBatches.runId, runId)).orderBy(asc(runBatches.position)),
    db
      .select({
        position: runItems.position,
        documentName: runItems.documentName,
        status: runItems.status,
        errorCount: runItems.errorCount,
        entryId: runItems.entryId,
        indexedId: entries.id,
        reviewState: entries.reviewState,
        submitError: runItems.submitError,
        batchId: runItems.batchId,
        itemIndex: runItems.itemIndex,
      })
      .from(runItems)
      .leftJoin(entries, eq(entries.id, runItems.entryId))
      .where(eq(runItems.runId, runId))
      .orderBy(asc(runItems.position)),
  ]);
  const end = run.finishedAt ?? now;
  const elapsedMs = Math.max(0, end.getTime() - run.createdAt.getTime());
  const done = run.completedItems + run.failedItems;
  const failedWebhooks: FailedWebhookView[] = batchRows.flatMap((b) =>
    ((b.progress as BatchProgress | null)?.failed_webhooks ?? []).map((w) => ({
      batchId: b.batchId,
      webhookId: w.webhook_id,
      event: w.event,
      status: w.status,
      attemptCount: w.attempt_count,
      httpStatus: w.http_status,
      errorMessage: w.error_message,
      createdAt: w.created_at,
      itemMetadata: w.item_metadata,
    })),
  );
  return {
    ...toSummary(run),
    elapsedMs,
    throughputPerSecond: elapsedMs > 0 ? done / (elapsedMs / 1000) : 0,
    lastWebhookAt: run.lastWebhookAt?.toISOString() ?? null,
    lastPollError: run.lastPollError,
    batches: batchRows.map((b) => ({
      batchId: b.batchId,
      position: b.position,
      totalItems: b.totalItems,
      status: b.status,
    })),
    items: itemRows.map(({ indexedId, ...r }) => ({ ...r, reviewable: Boolean(indexedId) })),
    failedWebhooks,
  };
}

export async function findRunName(db: Db, runId: string): Promise<string | null> {
  if (!isUuid(runId)) return null;
  const [row] = await db.select({ name: runs.name }).from(runs).where(eq(runs.id, runId));
  return row?.name ?? null;
}
