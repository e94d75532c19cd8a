import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { loginThrottle } from '@/lib/db/schema/desk';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;

/** True when this key (an account's email or a client IP) has failed too often lately. */
export async function isThrottled(db: Db, key: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return !!row && row.failures >= MAX_FAILURES && now.getTime() - row.windowStartedAt.getTime() < WINDOW_MS;
}

export async function recordFailure(db: Db, key: string, now = new Date()): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        // A failure after the window has passed starts a new window.
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
      },
    });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}
