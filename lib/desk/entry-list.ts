import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, entryCounts, type ReviewState } from '@/lib/db/schema/desk';
import {
  countableExactly,
  type EntryFilters,
  entryFilterConditions,
  hasFilters,
  parseEntryFilters,
  writeEntryFilters,
} from '@/lib/desk/entry-filters';

export { type EntryFilters, hasFilters };

/**
 * The entries list: its filters, sort orders and keyset pages, the counts beside it, and the
 * review queue that follows the same filters. One query string (`?q=…&status=…`) describes a
 * list view everywhere — the list page, its links, the review page's "next entry".
 */

export const entryStatuses = [
  'pending',
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
] as const;

export const entrySorts = ['created', 'errors', 'name'] as const;
export type EntrySort = (typeof entrySorts)[number];
export type SortDirection = 'asc' | 'desc';

export interface EntryListView {
  filters: EntryFilters;
  sort: EntrySort;
  dir: SortDirection;
}

export const defaultView: EntryListView = { filters: {}, sort: 'created', dir: 'desc' };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function toSearchParams(params: Params | string | null | undefined): URLSearchParams {
  if (!params) return new URLSearchParams();
  if (typeof params === 'string') return new URLSearchParams(params.replace(/^\?/, ''));
  if (params instanceof URLSearchParams) return params;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, v);
  }
  return out;
}

/**
 * Reads a list view from a query string. Unknown or malformed values are dropped rather than
 * refused: a hand-edited or stale link then simply filters less.
 */
export function parseEntryListView(input: Params | string | null | undefined): EntryListView {
  const params = toSearchParams(input);
  const filters = parseEntryFilters(params);
  const sort = params.get('sort');
  const dir = params.get('dir');
  return {
    filters,
    sort: (entrySorts as readonly string[]).includes(sort ?? '') ? (sort as EntrySort) : 'created',
    dir: dir === 'asc' ? 'asc' : 'desc',
  };
}

/** The view as a query string (without `?`); defaults are left out so links stay short. */
export function entryListQuery(view: Partial<EntryListView>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  writeEntryFilters(view.filters ?? {}, params);
  if (view.sort && view.sort !== 'created') params.set('sort', view.sort);
  if (view.dir && view.dir !== 'desc') params.set('dir', view.dir);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** The SQL conditions of the filters. */
const filterConditions = (db: Db, filters: EntryFilters): SQL[] => entryFilterConditions({ db }, filters);

const sortColumns = {
  created: { column: entries.createdAt, cast: 'timestamptz' },
  errors: { column: entries.errorCount, cast: 'integer' },
  name: { column: entries.documentName, cast: 'text' },
} as const;

/** Where a page ends: the sort key's value and the id of its last row, opaque to the browser. */
export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(
  cursor: string | null | undefined,
): { value: string | number; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [value, id] = parsed;
    if ((typeof value !== 'string' && typeof value !== 'number') || typeof id !== 'string' || !isUuid(id))
      return null;
    return { value, id };
  } catch {
    return null;
  }
}

export interface EntryListRow {
  id: string;
  deploymentId: string;
  batchId: string | null;
  documentName: string;
  status: string;
  errorCount: number;
  reviewState: ReviewState;
  assignedTo: string | null;
  createdAt: Date;
}

/** One page of the list in the view's order, keyset-paginated on (sort key, id). */
export async function listEntries(
  db: Db,
  view: EntryListView,
  options: { after?: string | null; limit?: number } = {},
): Promise<{ rows: EntryListRow[]; next: string | null }> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
  const { column, cast } = sortColumns[view.sort];
  const conditions = filterConditions(db, view.filters);
  const after = decodeCursor(options.after);
  if (after) {
    // Row comparison, so PostgreSQL walks the (key, id) index from the cursor on.
    const op = view.dir === 'asc' ? sql`>` : sql`<`;
    conditions.push(
      sql`(${column}, ${entries.id}) ${op} (${after.value}::${sql.raw(cast)}, ${after.id}::uuid)`,
    );
  }
  const order = view.dir === 'asc' ? [asc(column), asc(entries.id)] : [desc(column), desc(entries.id)];
  const rows = await db
    .select({
      id: entries.id,
      deploymentId: entries.deploymentId,
      batchId: entries.batchId,
      documentName: entries.documentName,
      status: entries.status,
      errorCount: entries.errorCount,
      reviewState: entries.reviewState,
      assignedTo: entries.assignedTo,
      createdAt: entries.createdAt,
    })
    .from(entries)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const keyOf = (row: EntryListRow) =>
    view.sort === 'created'
      ? row.createdAt.toISOString()
      : view.sort === 'errors'
        ? row.errorCount
        : row.documentName;
  return { rows: page, next: rows.length > limit && last ? encodeCursor(keyOf(last), last.id) : null };
}

/** Beyond this many matches a filtered count stops and says "1,000+". */
export const COUNT_CAP = 1000;

export interface EntryCounts {
  /** Entries matching every filter (at most COUNT_CAP + 1 when `capped`). */
  total: number;
  /** True when there are more than COUNT_CAP matches and `total` only says so. */
  capped: boolean;
  /**
   * Per status, under every filter but the status one (so each choice shows what it would
   * give), and per review state likewise; null when the filters cannot be counted exactly.
   */
  byStatus: Record<string, number> | null;
  byReview: Record<ReviewState, number> | null;
}

type CountGroup = { status: string; review: ReviewState; n: number };

/**
 * The counts beside the list. For deployment, status and review filters they come exact from
 * the counters the database keeps (a few rows, whatever the size of the index). Other filters
 * (search, run, batch, errors, dates…) are counted on the entries themselves, up to COUNT_CAP so
 * a broad search never scans the whole index: under the cap with their per-status and
 * per-review counts, beyond it as "1,000+" alone.
 */
export async function countEntries(db: Db, filters: EntryFilters): Promise<EntryCounts> {
  if (!countableExactly(filters)) {
    // The facets: what each status or review choice would give with the other filters kept.
    const facets = await sampleGroups(db, { ...filters, status: undefined, review: undefined });
    if (facets) return tally(facets, filters);
    // Without a status or review filter that sample was this very count: already past the cap.
    if (!filters.status?.length && !filters.review?.length)
      return { total: COUNT_CAP + 1, capped: true, byStatus: null, byReview: null };
    const [{ n }] = await db.select({ n: count() }).from(sample(db, filters));
    return { total: Math.min(n, COUNT_CAP + 1), capped: n > COUNT_CAP, byStatus: null, byReview: null };
  }
  const groups = await db
    .select({
      status: entryCounts.status,
      review: entryCounts.reviewState,
      n: sql<number>`sum(${entryCounts.n})::int`,
    })
    .from(entryCounts)
    .where(filters.deployment?.length ? inArray(entryCounts.deploymentId, filters.deployment) : undefined)
    .groupBy(entryCounts.status, entryCounts.reviewState);
  return tally(groups, filters);
}

/** At most COUNT_CAP + 1 matching entries' status and review state, as a subquery. */
function sample(db: Db, filters: EntryFilters) {
  return db
    .select({ status: entries.status, review: entries.reviewState })
    .from(entries)
    .where(and(...filterConditions(db, filters)))
    .limit(COUNT_CAP + 1)
    .as('sample');
}

/** The matching entries grouped by status and review state; null beyond COUNT_CAP. */
async function sampleGroups(db: Db, filters: EntryFilters): Promise<CountGroup[] | null> {
  const rows = sample(db, filters);
  const groups = await db
    .select({ status: rows.status, review: rows.review, n: sql<number>`count(*)::int` })
    .from(rows)
    .groupBy(rows.status, rows.review);
  return groups.reduce((sum, g) => sum + g.n, 0) > COUNT_CAP ? null : groups;
}

/** Totals for the filters, and per status (review filter kept) and per review state (status filter kept). */
function tally(groups: CountGroup[], filters: EntryFilters): EntryCounts {
  const statusOk = (s: string) => !filters.status?.length || filters.status.includes(s);
  const reviewOk = (r: ReviewState) => !filters.review?.length || filters.review.includes(r);
  const counts = {
    total: 0,
    capped: false,
    byStatus: {} as Record<string, number>,
    byReview: { to_review: 0, corrected: 0, approved: 0, rejected: 0 } as Record<ReviewState, number>,
  };
  for (const g of groups) {
    if (g.n <= 0) continue;
    if (statusOk(g.status) && reviewOk(g.review)) counts.total += g.n;
    if (reviewOk(g.review)) counts.byStatus[g.status] = (counts.byStatus[g.status] ?? 0) + g.n;
    if (statusOk(g.status)) counts.byReview[g.review] += g.n;
  }
  return counts;
}

/** What the whole index holds and costs, from the counters (the dashboard's figures). */
export async function entryTotals(
  db: Db,
): Promise<{ byStatus: Record<string, number>; toReview: number; total: number; spentEur: number }> {
  const rows = await db
    .select({
      status: entryCounts.status,
      review: entryCounts.reviewState,
      n: sql<number>`sum(${entryCounts.n})::int`,
      eur: sql<string>`sum(${entryCounts.priceEur})`,
    })
    .from(entryCounts)
    .groupBy(entryCounts.status, entryCounts.reviewState);
  const totals = { byStatus: {} as Record<string, number>, toReview: 0, total: 0, spentEur: 0 };
  for (const r of rows) {
    totals.spentEur += Number(r.eur);
    if (r.n <= 0) continue;
    totals.byStatus[r.status] = (totals.byStatus[r.status] ?? 0) + r.n;
    totals.total += r.n;
    if (r.review === 'to_review') totals.toReview += r.n;
  }
  return totals;
}

/**
 * The next entry to review: within the list's filters, still to review (or in the list's review
 * filter), oldest first. It is the first one after the current entry in that order, wrapping
 * round to the oldest, so skipping an entry moves on instead of bouncing between two. Without a
 * current entry it is the oldest.
 */
export async function nextEntryToReview(
  db: Db,
  currentId: string | null,
  filters: EntryFilters = {},
): Promise<string | null> {
  const conditions = filterConditions(db, { ...filters, review: filters.review ?? ['to_review'] });
  if (currentId) conditions.push(ne(entries.id, currentId));
  const [current] = currentId
    ? await db.select({ createdAt: entries.createdAt }).from(entries).where(eq(entries.id, currentId))
    : [];
  const order = [asc(entries.createdAt), asc(entries.id)];
  if (current && currentId) {
    const [next] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(
        and(
          ...conditions,
          sql`(${entries.createdAt}, ${entries.id}) > (${current.createdAt.toISOString()}::timestamptz, ${currentId}::uuid)`,
        ),
      )
      .orderBy(...order)
      .limit(1);
    if (next) return next.id;
  }
  const [first] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(1);
  return first?.id ?? null;
}
