import { eq } from 'drizzle-orm';
import type { Entry, Patch, ValidationErrorItem } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { corrections, entries } from '@/lib/db/schema/desk';
import { afterCorrection } from '@/lib/desk/entry-events';
import { routeEntries } from '@/lib/desk/routing';

export type IndexedEntry = typeof entries.$inferSelect;

/** Errors (not warnings) among an entry's validation problems: the list's error count. */
export const errorCountOf = (errors: ValidationErrorItem[] | null | undefined) =>
  errors?.filter((e) => e.severity === 'error').length ?? 0;

export interface EntryOrigin {
  documentId: string | null;
  documentName: string;
  createdBy: string | null;
}

/** The index row of an entry body from the service, with where it came from in the desk. */
export function indexRow(entry: Entry, origin: EntryOrigin): typeof entries.$inferInsert {
  return {
    id: entry.entry_id,
    deploymentId: entry.deployment_id,
    batchId: entry.batch_id,
    documentId: origin.documentId,
    documentName: origin.documentName,
    status: entry.status,
    errorCount: errorCountOf(entry.errors),
    snapshot: entry,
    createdBy: origin.createdBy,
    createdAt: new Date(entry.created_at),
    updatedAt: new Date(entry.updated_at),
  };
}

/** Adds an entry the desk just created to its index. */
export async function indexEntry(db: Db, entry: Entry, origin: EntryOrigin): Promise<void> {
  await db.insert(entries).values(indexRow(entry, origin)).onConflictDoNothing();
  await routeEntries(db, [entry.entry_id]);
}

/** Refreshes the index from the service's latest view of the entry. */
export async function refreshIndexedEntry(db: Db, entry: Entry): Promise<void> {
  await db
    .update(entries)
    .set({
      status: entry.status,
      errorCount: errorCountOf(entry.errors),
      snapshot: entry,
      updatedAt: new Date(entry.updated_at),
    })
    .where(eq(entries.id, entry.entry_id));
}

export async function findIndexedEntry(db: Db, id: string): Promise<IndexedEntry | null> {
  const [row] = await db.select().from(entries).where(eq(entries.id, id));
  return row ?? null;
}

export async function recordCorrection(
  db: Db,
  input: { entryId: string; userId: string | null; notes: string | null; patches: Patch[]; via?: string },
): Promise<void> {
  const { via, ...row } = input;
  await db.transaction(async (tx) => {
    await tx.insert(corrections).values(row);
    await tx
      .update(entries)
      .set({ reviewState: 'corrected', updatedAt: new Date() })
      .where(eq(entries.id, input.entryId));
    await afterCorrection(tx, { ...row, via });
  });
}
