import { and, asc, eq, gt, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entries, type ReviewState, reviewStates } from '@/lib/db/schema/desk';
import { isUuid } from '@/lib/extraction-api/schemas';

/** The entries list's filters, as passed in `?queue=` (read-only here). */
export interface QueueFilters {
  status?: string[];
  batchId?: string;
  review?: ReviewState[];
}

const STATUS = /^[a-z_]{1,40}$/;

const list = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Reads `status`, `run` (or `batch`) and `review` from the list's query string. Unknown or
 * malformed values are dropped rather than refused: the queue then simply filters less.
 */
export function parseQueueFilters(queue: string | null | undefined): QueueFilters {
  if (!queue) return {};
  const params = new URLSearchParams(queue.startsWith('?') ? queue.slice(1) : queue);
  const filters: QueueFilters = {};
  const status = list(params, 'status').filter((s) => STATUS.test(s));
  if (status.length) filters.status = status;
  const batch = params.get('run') ?? params.get('batch');
  if (batch && isUuid(batch)) filters.batchId = batch;
  const review = list(params, 'review').filter((r): r is ReviewState =>
    (reviewStates as readonly string[]).includes(r),
  );
  if (review.length) filters.review = review;
  return filters;
}

/** The same filters as a query string to carry from one review page to the next. */
export function queueQuery(filters: QueueFilters): string {
  const params = new URLSearchParams();
  if (filters.status?.length) params.set('status', filters.status.join(','));
  if (filters.batchId) params.set('run', filters.batchId);
  if (filters.review?.length) params.set('review', filters.review.join(','));
  return params.toString();
}

/**
 * The next entry to review: still `to_review` (or the list's review filter), within the list's
 * filters, oldest first. It is the first one after the current entry in that order, wrapping
 * round to the oldest, so skipping an entry moves on instead of bouncing between two.
 */
export async function nextEntryToReview(
  db: Db,
  currentId: string,
  filters: QueueFilters = {},
): Promise<string | null> {
  const conditions: SQL[] = [
    inArray(entries.reviewState, filters.review ?? ['to_review']),
    ne(entries.id, currentId),
  ];
  if (filters.status?.length) conditions.push(inArray(entries.status, filters.status));
  if (filters.batchId) conditions.push(eq(entries.batchId, filters.batchId));
  const [current] = await db
    .select({ createdAt: entries.createdAt })
    .from(entries)
    .where(eq(entries.id, currentId));
  const order = [asc(entries.createdAt), asc(entries.id)];
  if (current) {
    const after = or(
      gt(entries.createdAt, current.createdAt),
      and(eq(entries.createdAt, current.createdAt), gt(entries.id, currentId)),
    );
    const [next] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(...conditions, after))
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
