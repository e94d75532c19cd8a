import { lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { rateLimitWindows } from '@/lib/db/schema/service';
import { ServiceError } from '@/lib/service/errors';

const WINDOW_MS = 60_000;

/**
 * Counts the request in the account's current one-minute window and refuses it with 429
 * and `Retry-After` past the limit. Fixed windows in the database: simple, shared by every
 * server, one upsert per request.
 */
export async function enforceRateLimit(db: Db, accountId: string, limitPerMinute: number, now = Date.now()) {
  const windowStart = new Date(now - (now % WINDOW_MS));
  const [{ count }] = await db
    .insert(rateLimitWindows)
    .values({ accountId, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitWindows.accountId, rateLimitWindows.windowStart],
      set: { count: sql`${rateLimitWindows.count} + 1` },
    })
    .returning({ count: rateLimitWindows.count });
  // Now and then, forget old windows.
  if (Math.random() < 0.01) {
    await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, new Date(now - 10 * WINDOW_MS)));
  }
  if (count > limitPerMinute) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
    throw new ServiceError(
      429,
      'RATE_LIMITED',
      `More than ${limitPerMinute} requests in a minute; retry in ${retryAfter} s.`,
      { limit_per_minute: limitPerMinute, retry_after_seconds: retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
