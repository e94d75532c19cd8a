import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { deployments, entries, type ReviewState, reviewDecisions, users } from '@/lib/db/schema/desk';
import { type EntryFilters, entryFilterConditions } from '@/lib/desk/entry-filters';

/** One entry as the export writes it: the index's columns, the last decision, the final data. */
export interface ExportRow {
  id: string;
  deploymentId: string;
  deployment: string | null;
  documentName: string;
  status: string;
  reviewState: ReviewState;
  errorCount: number;
  /** Who made the last approve/reject decision (email, or `system`), if any. */
  reviewer: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  data: unknown;
}

/** Rows fetched per query: the export's memory is about one page, whatever the total. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every entry matching the filters, oldest first, one keyset page at a time, so an export of
 * 100,000 entries never holds more than a page. `dataOnly` skips the decision join (the pass
 * that only discovers the columns).
 */
export async function* exportRows(
  db: Db,
  filters: EntryFilters,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<ExportRow[]> {
  const decision = db
    .select({
      reviewer: sql<
        string | null
      >`case when ${reviewDecisions.automatic} then 'system' else ${users.email} end`.as('reviewer'),
      decidedAt: sql<Date | null>`${reviewDecisions.createdAt}`.as('decided_at'),
    })
    .from(reviewDecisions)
    .leftJoin(users, eq(users.id, reviewDecisions.userId))
    .where(eq(reviewDecisions.entryId, entries.id))
    .orderBy(desc(reviewDecisions.createdAt), desc(reviewDecisions.id))
    .limit(1)
    .as('decision');
  yield* pages(db, filters, pageSize, async (where) => {
    const page = await db
      .select({
        id: entries.id,
        deploymentId: entries.deploymentId,
        deployment: deployments.name,
        documentName: entries.documentName,
        status: entries.status,
        reviewState: entries.reviewState,
        errorCount: entries.errorCount,
        reviewer: decision.reviewer,
        decidedAt: decision.decidedAt,
        createdAt: entries.createdAt,
        updatedAt: entries.updatedAt,
        data: sql<unknown>`${entries.snapshot} -> 'data'`,
      })
      .from(entries)
      .leftJoin(deployments, eq(deployments.id, entries.deploymentId))
      .leftJoinLateral(decision, sql`true`)
      .where(where)
      .orderBy(asc(entries.createdAt), asc(entries.id))
      .limit(pageSize);
    return page.map((r) => ({ ...r, decidedAt: r.decidedAt ? new Date(r.decidedAt) : null }));
  });
}

/** Only the data of the matching entries, page by page (the column-discovery pass). */
export async function* exportData(
  db: Db,
  filters: EntryFilters,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<{ id: string; data: unknown }[]> {
  yield* pages(db, filters, pageSize, (where) =>
    db
      .select({
        id: entries.id,
        createdAt: entries.createdAt,
        data: sql<unknown>`${entries.snapshot} -> 'data'`,
      })
      .from(entries)
      .where(where)
      .orderBy(asc(entries.createdAt), asc(entries.id))
      .limit(pageSize),
  );
}

/** Keyset pages on (created_at, id) under the filters, until a short page. */
async function* pages<T extends { id: string; createdAt: Date }>(
  db: Db,
  filters: EntryFilters,
  pageSize: number,
  fetch: (where: SQL | undefined) => Promise<T[]>,
): AsyncGenerator<T[]> {
  const base = entryFilterConditions({ db }, filters);
  let after: T | null = null;
  for (;;) {
    const conditions: SQL[] = [...base];
    if (after)
      conditions.push(
        sql`(${entries.createdAt}, ${entries.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      );
    const page = await fetch(and(...conditions));
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}
