import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { newWorkerId, startLoop } from '@/lib/background';
import type { Db } from '@/lib/db/client';
import { entries, runBatches, runItems, runs } from '@/lib/db/schema/desk';
import { isFinal } from '@/lib/desk/runs/item-status';
import { applyBatchProgress, applyEntryToRun, settleRun } from '@/lib/desk/runs/progress';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

/**
 * Webhooks may never arrive (the desk unreachable, deliveries given up, a server down while
 * they came). The reconciler polls every unfinished run — GET /v3/batches/{id} for its batches,
 * GET /v3/entries/{id} for async entries and for finished items not yet in the index — so
 * every run ends in the desk anyway. A run that moved is polled again soon; one that did not
 * backs off (2 s, 4 s … 60 s); a webhook defers polling (see webhook-ingest).
 *
 * Several servers may run it: a run is claimed with `FOR UPDATE SKIP LOCKED` plus a lease
 * column, so only one server polls it at a time, and a server that died lets go when the lease
 * ends. Finished, fully indexed runs (`reconciled`) are never polled again.
 */

export type ReconcilerClient = Pick<ExtractionClient, 'getBatch' | 'getEntry'>;

export const RECONCILE_LEASE_MS = 60_000;
const BASE_MS = 2_000;
const MAX_MS = 60_000;
/** Full entries fetched per run and pass, for items the index lacks. */
const ENTRY_FETCHES_PER_PASS = 100;

/** 2 s, 4 s, 8 s … capped at 60 s, ±20 % jitter so several servers spread out. */
export function pollDelayMs(unchangedPolls: number, random: () => number = Math.random): number {
  const plain = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, unchangedPolls));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** Claims up to `max` due runs for this worker. */
export async function claimDueRuns(db: Db, workerId: string, now = new Date(), max = 5): Promise<string[]> {
  return db.transaction(async (tx) => {
    const free = or(isNull(runs.leasedUntil), lt(runs.leasedUntil, now));
    const due = await tx
      .select({ id: runs.id })
      .from(runs)
      .where(and(eq(runs.reconciled, false), lte(runs.nextPollAt, now), free))
      .orderBy(asc(runs.nextPollAt))
      .limit(max)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((r) => r.id);
    await tx
      .update(runs)
      .set({ leasedUntil: new Date(now.getTime() + RECONCILE_LEASE_MS), leasedBy: workerId })
      .where(inArray(runs.id, ids));
    return ids;
  });
}

/** One poll of one claimed run. True when something moved. */
export async function reconcileRun(db: Db, client: ReconcilerClient, runId: string): Promise<boolean> {
  let changed = false;
  const [run] = await db.select({ mode: runs.mode }).from(runs).where(eq(runs.id, runId));
  if (!run) return false;

  // Batches: one GET each while any of their items is unfinished.
  const openBatches = await db
    .selectDistinct({ batchId: runItems.batchId })
    .from(runItems)
    .where(
      and(
        eq(runItems.runId, runId),
        isNotNull(runItems.batchId),
        inArray(runItems.status, ['pending', 'processing']),
      ),
    );
  for (const { batchId } of openBatches) {
    if (!batchId) continue;
    const progress = await client.getBatch(batchId);
    const applied = await applyBatchProgress(db, progress);
    changed ||= Boolean(applied?.changed);
  }
  // Batches whose failed-webhook list the page shows: refresh once more after they finish.
  if (openBatches.length === 0) {
    const unsettled = await db
      .select({ batchId: runBatches.batchId })
      .from(runBatches)
      .where(and(eq(runBatches.runId, runId), inArray(runBatches.status, ['pending', 'processing'])));
    for (const { batchId } of unsettled) {
      const applied = await applyBatchProgress(db, await client.getBatch(batchId));
      changed ||= Boolean(applied?.changed);
    }
  }

  // Async entries still in flight, and finished items the index lacks: the full entry.
  const wanted = await db
    .select({ entryId: runItems.entryId, status: runItems.status, batchId: runItems.batchId })
    .from(runItems)
    .leftJoin(entries, eq(entries.id, runItems.entryId))
    .where(and(eq(runItems.runId, runId), isNotNull(runItems.entryId), isNull(entries.id)))
    .orderBy(asc(runItems.position))
    .limit(ENTRY_FETCHES_PER_PASS);
  for (const item of wanted) {
    if (!item.entryId) continue;
    if (item.batchId && !isFinal(item.status)) continue; // the batch poll moves it first
    try {
      const applied = await applyEntryToRun(db, await client.getEntry(item.entryId));
      changed ||= Boolean(applied?.changed) || isFinal(item.status);
    } catch (error) {
      if (error instanceof ExtractionApiError && error.status === 404) continue;
      throw error;
    }
  }
  await settleRun(db, runId);
  return changed;
}

/** One pass: claims due runs and polls each; a failing poll backs off that run only. */
export async function reconcileDueRuns(
  db: Db,
  client: ReconcilerClient,
  options: { workerId?: string; now?: () => Date; max?: number } = {},
): Promise<{ polled: number; changed: number; failed: number }> {
  const workerId = options.workerId ?? newWorkerId();
  const now = options.now ?? (() => new Date());
  const ids = await claimDueRuns(db, workerId, now(), options.max ?? 5);
  const counts = { polled: 0, changed: 0, failed: 0 };
  for (const runId of ids) {
    const [before] = await db.select({ attempts: runs.pollAttempts }).from(runs).where(eq(runs.id, runId));
    let moved = false;
    let failure: string | null = null;
    try {
      moved = await reconcileRun(db, client, runId);
    } catch (error) {
      failure =
        error instanceof ExtractionApiError ? `${error.message} (${error.code})` : (error as Error).message;
    }
    counts.polled++;
    if (moved) counts.changed++;
    if (failure) counts.failed++;
    const attempts = moved ? 0 : (before?.attempts ?? 0) + 1;
    await db
      .update(runs)
      .set({
        pollAttempts: attempts,
        lastPollError: failure,
        nextPollAt: new Date(now().getTime() + (moved ? BASE_MS : pollDelayMs(attempts))),
        leasedUntil: null,
        leasedBy: null,
      })
      .where(and(eq(runs.id, runId), eq(runs.leasedBy, workerId)));
  }
  return counts;
}

/**
 * Starts this server's reconciler loop (one per process; every server may run one). It ticks
 * each second but only builds a client when a run is due.
 */
export function startReconciler(
  open: () => Promise<{ db: Db; client: () => Promise<ReconcilerClient> }>,
  intervalMs = 1_000,
): () => void {
  const workerId = newWorkerId();
  return startLoop('[desk] reconciler pass', intervalMs, async () => {
    const { db, client } = await open();
    if (!(await anyRunDue(db))) return;
    await reconcileDueRuns(db, await client(), { workerId });
  });
}

async function anyRunDue(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: runs.id })
    .from(runs)
    .where(and(eq(runs.reconciled, false), lte(runs.nextPollAt, new Date())))
    .limit(1);
  return Boolean(row);
}
