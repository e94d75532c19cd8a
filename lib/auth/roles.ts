import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { type UserRole, users } from '@/lib/db/schema/desk';
import { UserFacingError } from '@/lib/user-facing-error';

export class RoleChangeError extends UserFacingError {}

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
