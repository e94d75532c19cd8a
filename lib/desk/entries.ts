import { and, count, desc, eq, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { corrections, entries, runItems } from '@/lib/db/schema/desk';
import type { Entry, Patch } from '@/lib/extraction-api/schemas';

export type IndexedEntry = typeof entries.$inferSelect;

const errorCount = (entry: Entry) => entry.errors?.filter((e) => e.severity === 'error').length ?? 0;

/** Adds an entry the desk just created to its index. */
export async function indexEntry(
  db: Db,
  entry: Entry,
  origin: { documentId: string | null; documentName: string; createdBy: string | null },
): Promise<void> {
  await db
    .insert(entries)
    .values({
      id: entry.entry_id,
      deploymentId: entry.deployment_id,
      batchId: entry.batch_id,
      documentId: origin.documentId,
      documentName: origin.documentName,
      status: entry.status,
      errorCount: errorCount(entry),
      snapshot: entry,
      createdBy: origin.createdBy,
      createdAt: new Date(entry.created_at),
      updatedAt: new Date(entry.updated_at),
    })
    .onConflictDoNothing();
}

/** Refreshes the index from the service's latest view of the entry. */
export async function refreshIndexedEntry(db: Db, entry: Entry): Promise<void> {
  await db
    .update(entries)
    .set({
      status: entry.status,
      errorCount: errorCount(entry),
      snapshot: entry,
      updatedAt: new Date(entry.updated_at),
    })
    .where(eq(entries.id, entry.entry_id));
}

export async function findIndexedEntry(db: Db, id: string): Promise<IndexedEntry | null> {
  const [row] = await db.select().from(entries).where(eq(entries.id, id));
  return row ?? null;
}

export interface EntryListCursor {
  createdAt: string;
  id: string;
}

/** Entries of one run of the desk (`runId`): its items' entries. */
function inRun(db: Db, runId: string | undefined): SQL | undefined {
  if (!runId) return undefined;
  return inArray(
    entries.id,
    db
      .select({ id: runItems.entryId })
      .from(runItems)
      .where(and(eq(runItems.runId, runId), isNotNull(runItems.entryId))),
  );
}

/** Newest first, keyset-paginated on (created_at, id); `runId` keeps one run's entries. */
export async function listIndexedEntries(
  db: Db,
  options: { limit?: number; after?: EntryListCursor; runId?: string } = {},
) {
  const limit = options.limit ?? 50;
  const after = options.after;
  const rows = await db
    .select({
      id: entries.id,
      deploymentId: entries.deploymentId,
      batchId: entries.batchId,
      documentName: entries.documentName,
      status: entries.status,
      errorCount: entries.errorCount,
      reviewState: entries.reviewState,
      createdAt: entries.createdAt,
    })
    .from(entries)
    .where(
      and(
        inRun(db, options.runId),
        after
          ? or(
              lt(entries.createdAt, new Date(after.createdAt)),
              and(eq(entries.createdAt, new Date(after.createdAt)), lt(entries.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? { createdAt: last.createdAt.toISOString(), id: last.id } : null,
  };
}

export async function countIndexedEntries(db: Db, options: { runId?: string } = {}): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(entries).where(inRun(db, options.runId));
  return n;
}

export async function recordCorrection(
  db: Db,
  input: { entryId: string; userId: string | null; notes: string | null; patches: Patch[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(corrections).values(input);
    await tx
      .update(entries)
      .set({ reviewState: 'corrected', updatedAt: new Date() })
      .where(eq(entries.id, input.entryId));
  });
}
