import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { loginThrottle } from '@/lib/db/schema/desk';

/**
 * Sign-in throttling (docs/security.md). Every attempt is counted *before* the password is
 * checked, in one atomic upsert that refuses it while the key is locked: a hundred parallel
 * guesses get at most `max` password checks, not a hundred. Keys are an account together with
 * the client address — so guessing one account's password from one address locks that address
 * out of that account, never the account's owner elsewhere — and the address alone, with a
 * higher ceiling, against spraying many accounts. Past the ceiling each further attempt doubles
 * the wait, up to MAX_LOCK_MS. A sign-in clears the account's key and gives its attempt back to
 * the address's count.
 */

/** Attempts per account and address before the backoff starts. */
export const MAX_FAILURES = 5;
/** Attempts per address (all accounts together) before the backoff starts. */
export const MAX_ADDRESS_FAILURES = 100;
/** Attempts older than this are forgotten. */
export const WINDOW_MS = 15 * 60 * 1000;
export const FIRST_LOCK_MS = 30 * 1000;
export const MAX_LOCK_MS = 15 * 60 * 1000;

export const accountKey = (email: string, ip: string) => `login:${email}|${ip}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Counts one attempt on `key` and says whether it may go ahead. False while the key is locked;
 * the attempt that reaches `max` goes ahead and locks the key for FIRST_LOCK_MS, each later one
 * (after the lock) doubles that.
 */
export async function takeAttempt(db: Db, key: string, max: number, now = new Date()): Promise<boolean> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const stale = sql`${loginThrottle.windowStartedAt} < ${windowStart}`;
  const count = sql`case when ${stale} then 1 else ${loginThrottle.failures} + 1 end`;
  // FIRST_LOCK_MS × 2^(count − max), capped; computed in SQL so the upsert stays one statement.
  const lockMs = sql`least(${MAX_LOCK_MS}, ${FIRST_LOCK_MS} * power(2, greatest(0, ${count} - ${max})))`;
  const rows = await db
    .insert(loginThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: max <= 1 ? new Date(now.getTime() + FIRST_LOCK_MS) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: count,
        windowStartedAt: sql`case when ${stale} then ${now} else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: sql`case when ${count} >= ${max} then ${now}::timestamptz + ${lockMs} * interval '1 millisecond' else null end`,
      },
      setWhere: sql`${loginThrottle.lockedUntil} is null or ${loginThrottle.lockedUntil} <= ${now}`,
    })
    .returning({ failures: loginThrottle.failures });
  return rows.length > 0;
}

/** True while `key` is locked (nothing is counted). */
export async function isThrottled(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return !!row?.lockedUntil && row.lockedUntil.getTime() > now.getTime();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** A sign-in gives its attempt back to the address's count (only failures should add up there). */
export async function returnAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}
