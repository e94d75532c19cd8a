import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { isUuid } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, entryCounts, type ReviewState, reviewStates, runItems } from '@/lib/db/schema/desk';
import { readNumber } from '@/lib/review/locale-text';

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

export interface EntryFilters {
  /** Words that must all occur in the name, id, data values or metadata values. */
  q?: string;
  status?: string[];
  review?: ReviewState[];
  deployment?: string[];
  /** A desk run (several service batches). */
  run?: string;
  /** One service batch. */
  batch?: string;
  errors?: 'with' | 'without';
  /** Created on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Created on or before this UTC day (YYYY-MM-DD). */
  to?: string;
}

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

const listOf = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

const STATUS = /^[a-z_]{1,40}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | null): v is string => !!v && DAY.test(v) && !Number.isNaN(Date.parse(v));

/**
 * Reads a list view from a query string. Unknown or malformed values are dropped rather than
 * refused: a hand-edited or stale link then simply filters less.
 */
export function parseEntryListView(input: Params | string | null | undefined): EntryListView {
  const params = toSearchParams(input);
  const filters: EntryFilters = {};
  const q = params.get('q')?.trim().slice(0, 200);
  if (q) filters.q = q;
  const status = listOf(params, 'status').filter((s) => STATUS.test(s));
  if (status.length) filters.status = status;
  const review = listOf(params, 'review').filter((r): r is ReviewState =>
    (reviewStates as readonly string[]).includes(r),
  );
  if (review.length) filters.review = review;
  const deployment = listOf(params, 'deployment').filter(isUuid);
  if (deployment.length) filters.deployment = deployment;
  const run = params.get('run');
  if (run && isUuid(run)) filters.run = run;
  const batch = params.get('batch');
  if (batch && isUuid(batch)) filters.batch = batch;
  const errors = params.get('errors');
  if (errors === 'with' || errors === 'without') filters.errors = errors;
  const from = params.get('from');
  if (isDay(from)) filters.from = from;
  const to = params.get('to');
  if (isDay(to)) filters.to = to;
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
  const f = view.filters ?? {};
  if (f.q) params.set('q', f.q);
  if (f.status?.length) params.set('status', f.status.join(','));
  if (f.review?.length) params.set('review', f.review.join(','));
  if (f.deployment?.length) params.set('deployment', f.deployment.join(','));
  if (f.run) params.set('run', f.run);
  if (f.batch) params.set('batch', f.batch);
  if (f.errors) params.set('errors', f.errors);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (view.sort && view.sort !== 'created') params.set('sort', view.sort);
  if (view.dir && view.dir !== 'desc') params.set('dir', view.dir);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export function hasFilters(filters: EntryFilters): boolean {
  return Object.values(filters).some((v) => (Array.isArray(v) ? v.length > 0 : Boolean(v)));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The stored form of a search word written as a number with separators, else null. */
export function printedNumber(word: string): string | null {
  if (!/^-?\d{1,3}([.,'’\s]?\d+)*[.,]\d+$|^-?\d+,\d{1,2}$/.test(word)) return null;
  // "1,234" could be either; only the text itself is searched then.
  if (/^-?\d{1,3}[.,]\d{3}$/.test(word)) return null;
  // Either separator may be the decimal one: the last one written decides (as on documents).
  const last = Math.max(word.lastIndexOf('.'), word.lastIndexOf(','));
  const read = readNumber(word, { decimal: word[last] === ',' ? ',' : '.' });
  if (!read.ok || read.value === null) return null;
  const stored = String(read.value);
  return stored === word ? null : stored;
}

/** The SQL conditions of the filters. */
function filterConditions(db: Db, filters: EntryFilters): SQL[] {
  const conditions: SQL[] = [];
  // Each word separately, so "acme 2041" finds "Acme … INV-2041"; the trigram index serves LIKE.
  for (const word of (filters.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const found = like(entries.searchText, `%${escapeLike(word)}%`);
    // A number as printed on the document ("3.852,22", "1,234.56") also finds the value as stored.
    const stored = printedNumber(word);
    conditions.push(stored ? (or(found, like(entries.searchText, `%${escapeLike(stored)}%`)) as SQL) : found);
  }
  if (filters.status?.length) conditions.push(inArray(entries.status, filters.status));
  if (filters.review?.length) conditions.push(inArray(entries.reviewState, filters.review));
  if (filters.deployment?.length) conditions.push(inArray(entries.deploymentId, filters.deployment));
  if (filters.batch) conditions.push(eq(entries.batchId, filters.batch));
  if (filters.run) {
    conditions.push(
      inArray(
        entries.id,
        db
          .select({ id: runItems.entryId })
          .from(runItems)
          .where(and(eq(runItems.runId, filters.run), isNotNull(runItems.entryId))),
      ),
    );
  }
  if (filters.errors === 'with') conditions.push(gt(entries.errorCount, 0));
  if (filters.errors === 'without') conditions.push(eq(entries.errorCount, 0));
  if (filters.from) conditions.push(gte(entries.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(entries.createdAt, nextDay(filters.to)));
  return conditions;
}

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

/** Filters the counters (desk.entry_counts) answer exactly: deployment, status, review state. */
const countableExactly = (f: EntryFilters) => !f.q && !f.run && !f.batch && !f.errors && !f.from && !f.to;

/**
 * The counts beside the list. For deployment, status and review filters they come exact from
 * the counters the database keeps (a few rows, whatever the size of the index); other filters
 * (search, run, batch, errors, dates) are counted on the entries themselves up to COUNT_CAP, so
 * a broad search never scans the whole index.
 */
export async function countEntries(db: Db, filters: EntryFilters): Promise<EntryCounts> {
  if (!countableExactly(filters)) {
    const sample = db
      .select({ one: sql<number>`1`.as('one') })
      .from(entries)
      .where(and(...filterConditions(db, filters)))
      .limit(COUNT_CAP + 1)
      .as('sample');
    const [{ n }] = await db.select({ n: count() }).from(sample);
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
