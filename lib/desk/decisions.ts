import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entries, type ReviewDecisionKind, reviewDecisions, users } from '@/lib/db/schema/desk';

export interface DecisionDto {
  id: string;
  decision: ReviewDecisionKind;
  reason: string | null;
  userEmail: string | null;
  createdAt: Date;
}

export class DecisionError extends Error {}

/**
 * Records an approve/reject decision and moves the entry's review state with it, in one
 * transaction. A rejection without a reason is refused: the next reviewer needs the why.
 */
export async function recordDecision(
  db: Db,
  input: { entryId: string; userId: string | null; decision: ReviewDecisionKind; reason?: string | null },
): Promise<DecisionDto> {
  const reason = input.reason?.trim() || null;
  if (input.decision === 'rejected' && !reason) throw new DecisionError('A rejection needs a reason.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewDecisions)
      .values({ entryId: input.entryId, userId: input.userId, decision: input.decision, reason })
      .returning();
    await tx
      .update(entries)
      .set({ reviewState: input.decision, updatedAt: new Date() })
      .where(eq(entries.id, input.entryId));
    const [user] = input.userId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
      : [];
    return {
      id: row.id,
      decision: row.decision,
      reason: row.reason,
      userEmail: user?.email ?? null,
      createdAt: row.createdAt,
    };
  });
}

/** Every decision on an entry, newest first, with who made it. */
export async function listDecisions(db: Db, entryId: string): Promise<DecisionDto[]> {
  return db
    .select({
      id: reviewDecisions.id,
      decision: reviewDecisions.decision,
      reason: reviewDecisions.reason,
      userEmail: users.email,
      createdAt: reviewDecisions.createdAt,
    })
    .from(reviewDecisions)
    .leftJoin(users, eq(users.id, reviewDecisions.userId))
    .where(eq(reviewDecisions.entryId, entryId))
    .orderBy(desc(reviewDecisions.createdAt), desc(reviewDecisions.id));
}
