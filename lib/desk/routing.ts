import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entries } from '@/lib/db/schema/desk';
import { routingRules } from '@/lib/db/schema/desk-team';
import { recordAudit } from '@/lib/desk/audit';
import { recordDecision } from '@/lib/desk/decisions';
import { UserFacingError } from '@/lib/user-facing-error';

/**
 * Routing by confidence and checks, per deployment: an entry that finished without errors and
 * whose every field's confidence is at least the deployment's threshold is approved by the
 * system (when the deployment's auto-approve is on), so the review queue — entries still to
 * review — holds only what needs a person.
 */

export type RoutingRule = typeof routingRules.$inferSelect;

export class RoutingError extends UserFacingError {}

export async function listRoutingRules(db: Db): Promise<RoutingRule[]> {
  return db.select().from(routingRules);
}

export async function setRoutingRule(
  db: Db,
  input: { deploymentId: string; threshold: number; autoApprove: boolean; actorId: string | null },
): Promise<void> {
  if (!Number.isFinite(input.threshold) || input.threshold < 0 || input.threshold > 1)
    throw new RoutingError('The threshold is a confidence between 0 and 1.', {
      threshold: ['The threshold is a confidence between 0 and 1 (e.g. 0.9).'],
    });
  await db.transaction(async (tx) => {
    const values = {
      deploymentId: input.deploymentId,
      threshold: input.threshold,
      autoApprove: input.autoApprove,
      updatedBy: input.actorId,
      updatedAt: new Date(),
    };
    await tx
      .insert(routingRules)
      .values(values)
      .onConflictDoUpdate({ target: routingRules.deploymentId, set: values });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'routing.updated',
      targetType: 'routing',
      targetId: input.deploymentId,
      details: { threshold: input.threshold, autoApprove: input.autoApprove },
    });
  });
}

interface Candidate {
  status: string;
  errorCount: number;
  confidence: unknown;
}

/** Whether an entry passes a rule: finished clean, and every field at or above the threshold. */
export function qualifies(entry: Candidate, rule: Pick<RoutingRule, 'threshold' | 'autoApprove'>): boolean {
  if (!rule.autoApprove || entry.status !== 'completed' || entry.errorCount > 0) return false;
  const values =
    entry.confidence && typeof entry.confidence === 'object' ? Object.values(entry.confidence) : [];
  // No confidence at all says nothing: a person looks.
  return values.length > 0 && values.every((c) => typeof c === 'number' && c >= rule.threshold);
}

/**
 * Applies routing to entries that just arrived in the index (still to review): the ones that
 * qualify are approved by the system. Returns the ids approved.
 */
export async function routeEntries(db: Db, entryIds: string[]): Promise<string[]> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .select({
      id: entries.id,
      status: entries.status,
      errorCount: entries.errorCount,
      confidence: sql<unknown>`${entries.snapshot} -> 'confidence'`,
      threshold: routingRules.threshold,
      autoApprove: routingRules.autoApprove,
    })
    .from(entries)
    .innerJoin(routingRules, eq(routingRules.deploymentId, entries.deploymentId))
    .where(
      and(
        inArray(entries.id, entryIds),
        eq(entries.reviewState, 'to_review'),
        eq(routingRules.autoApprove, true),
      ),
    );
  const approved: string[] = [];
  for (const row of rows) {
    if (!qualifies(row, row)) continue;
    await recordDecision(db, { entryId: row.id, userId: null, decision: 'approved', automatic: true });
    approved.push(row.id);
  }
  return approved;
}
