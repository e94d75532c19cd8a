import { inArray, sql } from 'drizzle-orm';
import type { Patch } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { entries, type ReviewDecisionKind, users } from '@/lib/db/schema/desk';
import { recordAudit } from '@/lib/desk/audit';
import { enqueueDeskEvent } from '@/lib/desk/webhooks/enqueue';

/**
 * What follows a change to entries, inside its transaction: the audit row and the outgoing
 * webhook events. Every path that approves, rejects or corrects (the review page, the list's
 * bulk approve, the desk API, routing) goes through here, so none forgets either.
 */

export interface Acting {
  userId: string | null;
  /** Routing's auto-approval: shown as `system`. */
  automatic?: boolean;
  /** How the change arrived when not through a page, e.g. `api token "ci"`. */
  via?: string;
}

async function reviewerLabel(db: Db, acting: Acting): Promise<string | null> {
  if (acting.automatic) return 'system';
  if (!acting.userId) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.id} = ${acting.userId}`);
  return row?.email ?? null;
}

export async function afterDecision(
  db: Db,
  input: { entryIds: string[]; decision: ReviewDecisionKind; reason: string | null; at: Date } & Acting,
): Promise<void> {
  if (input.entryIds.length === 0) return;
  const reviewer = await reviewerLabel(db, input);
  const rows = await db
    .select({
      id: entries.id,
      deploymentId: entries.deploymentId,
      documentName: entries.documentName,
      data: sql<unknown>`${entries.snapshot} -> 'data'`,
    })
    .from(entries)
    .where(inArray(entries.id, input.entryIds));
  await recordAudit(
    db,
    rows.map((r) => ({
      actorId: input.automatic ? null : input.userId,
      actor: input.automatic ? 'system' : undefined,
      action: `entry.${input.decision}`,
      targetType: 'entry' as const,
      targetId: r.id,
      details: {
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.via ? { via: input.via } : {}),
      },
    })),
  );
  const event = input.decision === 'approved' ? 'entry.approved' : 'entry.rejected';
  for (const r of rows) {
    await enqueueDeskEvent(db, event, {
      entryId: r.id,
      data: {
        entry_id: r.id,
        deployment_id: r.deploymentId,
        document_name: r.documentName,
        review_state: input.decision,
        reviewer,
        automatic: Boolean(input.automatic),
        reason: input.reason,
        decided_at: input.at.toISOString(),
        data: r.data ?? null,
      },
    });
  }
}

export async function afterCorrection(
  db: Db,
  input: { entryId: string; patches: Patch[]; notes: string | null } & Acting,
): Promise<void> {
  await recordAudit(db, {
    actorId: input.userId,
    action: 'entry.corrected',
    targetType: 'entry',
    targetId: input.entryId,
    details: { fields: input.patches.map((p) => p.path), ...(input.via ? { via: input.via } : {}) },
  });
  const [row] = await db
    .select({ deploymentId: entries.deploymentId })
    .from(entries)
    .where(inArray(entries.id, [input.entryId]));
  await enqueueDeskEvent(db, 'entry.corrected', {
    entryId: input.entryId,
    data: {
      entry_id: input.entryId,
      deployment_id: row?.deploymentId ?? null,
      corrected_by: await reviewerLabel(db, input),
      notes: input.notes,
      patches: input.patches,
    },
  });
}
