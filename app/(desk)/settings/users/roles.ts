import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type UserRole, users } from '@/lib/db/schema/desk';

export class RoleChangeError extends Error {}

/** Role checks for admin actions read the database: a session's role may be hours old. */
export async function currentRole(db: Db, userId: string): Promise<UserRole | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role ?? null;
}

/**
 * Changes a user's role. The last admin cannot be demoted (by themselves or anyone): the desk
 * would have no one left to manage it. The count and the change happen under one lock, so two
 * admins demoting each other at once cannot both succeed.
 */
export async function setUserRole(db: Db, userId: string, role: UserRole): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(72510322)`);
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    if (!target) throw new RoleChangeError('No such user.');
    if (target.role === role) return;
    if (target.role === 'admin') {
      const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
      if (n <= 1) throw new RoleChangeError('This is the last admin: make someone else an admin first.');
    }
    await tx.update(users).set({ role }).where(eq(users.id, userId));
  });
}
