import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entries, type ReviewDecisionKind, reviewDecisions, users } from '@/lib/db/schema/desk';
import { checkApproval } from '@/lib/desk/approval';
import { type Acting, afterDecision } from '@/lib/desk/entry-events';
import { UserFacingError } from '@/lib/user-facing-error';

export interface DecisionDto {
  id: string;
  decision: ReviewDecisionKind;
  reason: string | null;
  userEmail: string | null;
  createdAt: Date;
}

export class DecisionError extends UserFacingError {}

/**
 * Records an approve/reject decision and moves the entry's review state with it, in one
 * transaction. A rejection without a reason is refused: the next reviewer needs the why.
 */
export async function recordDecision(
  db: Db,
  input: {
    entryId: string;
    userId: string | null;
    decision: ReviewDecisionKind;
    reason?: string | null;
  } & Omit<Acting, 'userId'>,
): Promise<DecisionDto> {
  let reason = input.reason?.trim() || null;
  if (input.decision === 'rejected' && !reason)
    throw new DecisionError('A rejection needs a reason.', { reason: ['A rejection needs a reason.'] });
  // Approving: only with an override reason when the entry has errors (lib/desk/approval).
  if (input.decision === 'approved') reason = await checkApproval(db, input.entryId, reason);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviewDecisions)
      .values({
        entryId: input.entryId,
        userId: input.userId,
        decision: input.decision,
        reason,
        automatic: Boolean(input.automatic),
      })
      .returning();
    await tx
      .update(entries)
      .set({ reviewState: input.decision, updatedAt: new Date() })
      .where(eq(entries.id, input.entryId));
    await afterDecision(tx, { ...input, entryIds: [input.entryId], reason, at: row.createdAt });
    const [user] = input.userId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId))
      : [];
    return {
      id: row.id,
      decision: row.decision,
      reason: row.reason,
      userEmail: input.automatic ? 'system' : (user?.email ?? null),
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
      userEmail: sql<
        string | null
      >`case when ${reviewDecisions.automatic} then 'system' else ${users.email} end`,
      createdAt: reviewDecisions.createdAt,
    })
    .from(reviewDecisions)
    .leftJoin(users, eq(users.id, reviewDecisions.userId))
    .where(eq(reviewDecisions.entryId, entryId))
    .orderBy(desc(reviewDecisions.createdAt), desc(reviewDecisions.id));
}

/** Most entries approved at once: a page of the list. */
export const MAX_BULK_APPROVE = 500;

/**
 * Approves several entries in one transaction (the list's bulk action). Entries still being
 * extracted, already approved, or with errors (those need a reason each, on their own page)
 * are skipped, not refused: the reviewer sees how many were, and why.
 */
export async function approveEntries(
  db: Db,
  input: { entryIds: string[]; userId: string | null } & Omit<Acting, 'userId' | 'automatic'>,
): Promise<{ approved: string[]; decisionIds: string[]; skipped: number; withErrors: number }> {
  const ids = [...new Set(input.entryIds)];
  if (ids.length === 0) throw new DecisionError('Select at least one entry to approve.');
  if (ids.length > MAX_BULK_APPROVE)
    throw new DecisionError(`Approve at most ${MAX_BULK_APPROVE} entries at once (${ids.length} selected).`);
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: entries.id, errorCount: entries.errorCount })
      .from(entries)
      .where(
        and(
          inArray(entries.id, ids),
          notInArray(entries.status, ['pending', 'processing']),
          notInArray(entries.reviewState, ['approved']),
        ),
      )
      .for('update');
    const approved = candidates.filter((r) => r.errorCount === 0).map((r) => r.id);
    const withErrors = candidates.length - approved.length;
    let decisionIds: string[] = [];
    if (approved.length > 0) {
      const rows = await tx
        .insert(reviewDecisions)
        .values(approved.map((entryId) => ({ entryId, userId: input.userId, decision: 'approved' as const })))
        .returning({ id: reviewDecisions.id });
      decisionIds = rows.map((r) => r.id);
      await tx
        .update(entries)
        .set({ reviewState: 'approved', updatedAt: new Date() })
        .where(inArray(entries.id, approved));
      await afterDecision(tx, {
        ...input,
        entryIds: approved,
        decision: 'approved',
        reason: null,
        at: new Date(),
      });
    }
    return { approved, decisionIds, skipped: ids.length - approved.length, withErrors };
  });
}
