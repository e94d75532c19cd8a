import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { corrections, entries, type ReviewState, reviewDecisions } from '@/lib/db/schema/desk';
import { getSetting, setSetting } from '@/lib/desk/settings';
import { UserFacingError } from '@/lib/user-facing-error';

/**
 * Approval gates: an entry with error-severity problems is approved only with an override
 * reason (kept in its history), never where its deployment requires zero errors; a bulk
 * approval skips entries with errors and can be undone for a short while.
 */
export class ApprovalError extends UserFacingError {}

const REQUIRE_ZERO_ERRORS = 'approval.require_zero_errors';
/** How long after a bulk approval its undo is honoured (the toast offers it for 10 s). */
export const UNDO_WINDOW_MS = 60_000;

/** Deployments whose entries must have zero errors to be approved (an admin setting). */
export async function zeroErrorDeployments(db: Db): Promise<Set<string>> {
  const ids = await getSetting<string[]>(db, REQUIRE_ZERO_ERRORS);
  return new Set(Array.isArray(ids) ? ids : []);
}

export async function setRequireZeroErrors(db: Db, deploymentId: string, required: boolean): Promise<void> {
  const ids = await zeroErrorDeployments(db);
  if (required) ids.add(deploymentId);
  else ids.delete(deploymentId);
  await setSetting(db, REQUIRE_ZERO_ERRORS, [...ids].sort());
}

const errors = (n: number) => `${n} error${n === 1 ? '' : 's'}`;

/**
 * Refuses an approval the gates do not allow; the reason to record otherwise (an override
 * reason is required, and kept, only when the entry has errors).
 */
export async function checkApproval(db: Db, entryId: string, reason: string | null): Promise<string | null> {
  const [entry] = await db
    .select({ errorCount: entries.errorCount, deploymentId: entries.deploymentId })
    .from(entries)
    .where(eq(entries.id, entryId));
  if (!entry || entry.errorCount === 0) return reason;
  if ((await zeroErrorDeployments(db)).has(entry.deploymentId))
    throw new ApprovalError(
      `This entry has ${errors(entry.errorCount)}, and its deployment requires zero errors to approve: fix them first.`,
    );
  if (!reason)
    throw new ApprovalError(
      `This entry has ${errors(entry.errorCount)}: approving it anyway needs a reason, kept in its history.`,
      { reason: ['Say why it is right to approve it with errors.'] },
    );
  return reason;
}

/** The review state an entry returns to when its latest approval is undone. */
async function stateBefore(db: Db, entryId: string): Promise<ReviewState> {
  const [last] = await db
    .select({ decision: reviewDecisions.decision })
    .from(reviewDecisions)
    .where(eq(reviewDecisions.entryId, entryId))
    .orderBy(desc(reviewDecisions.createdAt), desc(reviewDecisions.id))
    .limit(1);
  if (last) return last.decision;
  const [corrected] = await db
    .select({ id: corrections.id })
    .from(corrections)
    .where(eq(corrections.entryId, entryId))
    .limit(1);
  return corrected ? 'corrected' : 'to_review';
}

/**
 * Undoes a bulk approval: the reviewer's own approval decisions of the last minute are removed
 * and their entries go back to the state they had. Returns how many were undone.
 */
export async function undoApprovals(
  db: Db,
  input: { decisionIds: string[]; userId: string | null },
): Promise<number> {
  if (input.decisionIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: reviewDecisions.id, entryId: reviewDecisions.entryId })
      .from(reviewDecisions)
      .where(
        and(
          inArray(reviewDecisions.id, input.decisionIds),
          eq(reviewDecisions.decision, 'approved'),
          input.userId ? eq(reviewDecisions.userId, input.userId) : undefined,
          gt(reviewDecisions.createdAt, new Date(Date.now() - UNDO_WINDOW_MS)),
        ),
      );
    if (mine.length < input.decisionIds.length)
      throw new ApprovalError('Too late to undo: approvals can be undone for a minute, by who made them.');
    await tx.delete(reviewDecisions).where(
      inArray(
        reviewDecisions.id,
        mine.map((d) => d.id),
      ),
    );
    for (const d of mine) {
      const state = await stateBefore(tx as unknown as Db, d.entryId);
      await tx
        .update(entries)
        .set({ reviewState: state, updatedAt: new Date() })
        .where(and(eq(entries.id, d.entryId), eq(entries.reviewState, 'approved')));
    }
    return mine.length;
  });
}
