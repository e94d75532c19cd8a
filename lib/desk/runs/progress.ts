import { and, count, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { BatchProgress, Entry } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, type RunStatus, runBatches, runItems, runs } from '@/lib/db/schema/desk';
import { type EntryOrigin, errorCountOf, indexRow } from '@/lib/desk/entry-index';
import { routeEntries } from '@/lib/desk/routing';
import { afterRunFinished } from '@/lib/desk/run-events';
import { isFinal, statusRank } from '@/lib/desk/runs/item-status';

// Applying what the service reports (webhooks, polls) to a run's items, the entry index and the run's counters.

const rankSql = sql`(case ${runItems.status} when 'pending' then 0 when 'processing' then 1 else 2 end)`;

/**
 * Moves one item forward: a higher status rank always wins; between two final states the one
 * from the newer entry body wins (a correction may change the status). Anything else is
 * ignored, so a late or repeated event cannot move an item back. True when the row changed.
 */
export async function applyItemState(
  db: Db,
  where: { batchId: string; itemIndex: number } | { entryId: string },
  state: { status: string; entryId: string | null; errorCount: number; entryUpdatedAt?: string | null },
): Promise<boolean> {
  const locate =
    'entryId' in where
      ? eq(runItems.entryId, where.entryId)
      : and(eq(runItems.batchId, where.batchId), eq(runItems.itemIndex, where.itemIndex));
  const now = new Date();
  const rank = statusRank(state.status);
  const newer = state.entryUpdatedAt
    ? or(isNull(runItems.entryUpdatedAt), lt(runItems.entryUpdatedAt, state.entryUpdatedAt))
    : sql`false`;
  const changed = await db
    .update(runItems)
    .set({
      status: state.status,
      errorCount: state.errorCount,
      ...(state.entryId ? { entryId: sql`coalesce(${runItems.entryId}, ${state.entryId}::uuid)` } : {}),
      ...(state.entryUpdatedAt ? { entryUpdatedAt: state.entryUpdatedAt } : {}),
      updatedAt: now,
    })
    .where(
      and(
        locate,
        isNull(runItems.submitError),
        or(sql`${rankSql} < ${rank}`, rank === 2 ? and(sql`${rankSql} = 2`, newer) : sql`false`),
      ),
    )
    .returning({ id: runItems.id });
  if (changed.length > 0) return true;
  // Not moved (an old or repeated event): it may still tell the entry id.
  if (state.entryId) {
    await db
      .update(runItems)
      .set({ entryId: state.entryId, updatedAt: now })
      .where(and(locate, isNull(runItems.entryId)));
  }
  return false;
}

/**
 * Puts a final entry in the desk's index, or refreshes it when this body is at least as new as
 * the indexed one. Review state and the rest of the desk's own columns are left alone.
 */
export async function upsertRunEntry(db: Db, entry: Entry, origin: EntryOrigin): Promise<void> {
  if (!isFinal(entry.status)) return;
  await db
    .insert(entries)
    .values(indexRow(entry, origin))
    .onConflictDoUpdate({
      target: entries.id,
      set: {
        status: sql`excluded.status`,
        errorCount: sql`excluded.error_count`,
        snapshot: sql`excluded.snapshot`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${entries.updatedAt} <= excluded.updated_at`,
    });
  await routeEntries(db, [entry.entry_id]);
}

const itemOrigin = {
  runId: runItems.runId,
  batchId: runItems.batchId,
  documentId: runItems.documentId,
  documentName: runItems.documentName,
  createdBy: runs.createdBy,
};

/** The run item an entry belongs to (by batch position, else by entry id) and who made its run. */
export async function findRunItemForEntry(db: Db, entry: Entry) {
  const select = () => db.select(itemOrigin).from(runItems).innerJoin(runs, eq(runs.id, runItems.runId));
  if (entry.batch_id && entry.item_index != null) {
    const [row] = await select().where(
      and(eq(runItems.batchId, entry.batch_id), eq(runItems.itemIndex, entry.item_index)),
    );
    if (row) return row;
  }
  const [row] = await select().where(eq(runItems.entryId, entry.entry_id));
  return row ?? null;
}

/** Applies a full entry body (webhook or GET) to its run item and the index. Null: not a run of this desk. */
export async function applyEntryToRun(
  db: Db,
  entry: Entry,
): Promise<{ runId: string; changed: boolean } | null> {
  const item = await findRunItemForEntry(db, entry);
  if (!item) return null;
  const where =
    entry.batch_id && entry.item_index != null && item.batchId === entry.batch_id
      ? { batchId: entry.batch_id, itemIndex: entry.item_index }
      : { entryId: entry.entry_id };
  const changed = await applyItemState(db, where, {
    status: entry.status,
    entryId: entry.entry_id,
    errorCount: errorCountOf(entry.errors),
    entryUpdatedAt: entry.updated_at,
  });
  await upsertRunEntry(db, entry, {
    documentId: item.documentId,
    documentName: item.documentName,
    createdBy: item.createdBy,
  });
  return { runId: item.runId, changed };
}

/** Applies a batch progress body (webhook or GET) to its items. Null: not a batch of this desk. */
export async function applyBatchProgress(
  db: Db,
  progress: BatchProgress,
): Promise<{ runId: string; changed: boolean } | null> {
  const [batch] = await db.select().from(runBatches).where(eq(runBatches.batchId, progress.batch_id));
  if (!batch) return null;
  let changed = false;
  // The newest body is kept for the run page (failed webhooks, batch status).
  const kept = await db
    .update(runBatches)
    .set({
      progress,
      progressUpdatedAt: progress.updated_at,
      status: progress.status,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(runBatches.batchId, batch.batchId),
        or(
          isNull(runBatches.progressUpdatedAt),
          sql`${runBatches.progressUpdatedAt} <= ${progress.updated_at}`,
        ),
      ),
    )
    .returning({ id: runBatches.batchId });
  if (kept.length && batch.progressUpdatedAt !== progress.updated_at) changed = true;
  for (const item of progress.items) {
    const moved = await applyItemState(
      db,
      { batchId: batch.batchId, itemIndex: item.index },
      { status: item.status, entryId: item.entry_id, errorCount: errorCountOf(item.errors) },
    );
    changed ||= moved;
  }
  return { runId: batch.runId, changed };
}

/**
 * Derives a run's counters and status from its items (never incremented, so replays and
 * reordering cannot skew them) and marks it reconciled once finished with every entry indexed.
 * The run row is locked first: concurrent events of one run then count one after another, and
 * the last to commit sees every item (under READ COMMITTED a count taken before the lock could
 * miss a concurrent transaction's item and overwrite a newer count).
 */
export async function settleRun(
  db: Db,
  runId: string,
  also: { lastWebhookAt?: Date; nextPollAt?: Date | SQL; pollAttempts?: number } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ finishedAt: runs.finishedAt })
      .from(runs)
      .where(eq(runs.id, runId))
      .for('update');
    const rows = await tx
      .select({
        status: runItems.status,
        n: count(),
        unindexed:
          sql<number>`count(*) filter (where ${runItems.entryId} is not null and ${entries.id} is null)`.mapWith(
            Number,
          ),
      })
      .from(runItems)
      .leftJoin(entries, eq(entries.id, runItems.entryId))
      .where(eq(runItems.runId, runId))
      .groupBy(runItems.status);
    let total = 0;
    let final = 0;
    let failed = 0;
    let started = 0;
    let unindexed = 0;
    for (const r of rows) {
      total += r.n;
      unindexed += r.unindexed;
      if (isFinal(r.status)) final += r.n;
      if (r.status === 'failed') failed += r.n;
      if (r.status !== 'pending') started += r.n;
    }
    const status: RunStatus =
      total > 0 && final === total
        ? failed === total
          ? 'failed'
          : 'completed'
        : started > 0
          ? 'processing'
          : 'pending';
    const finished = status === 'completed' || status === 'failed';
    await tx
      .update(runs)
      .set({
        status,
        completedItems: final - failed,
        failedItems: failed,
        updatedAt: new Date(),
        finishedAt: finished ? sql`coalesce(${runs.finishedAt}, now())` : null,
        reconciled: finished && unindexed === 0,
        ...also,
      })
      .where(eq(runs.id, runId));
    // Once per run: the transition to finished happens under the row lock above.
    if (finished && before && !before.finishedAt) await afterRunFinished(tx, runId);
  });
}
