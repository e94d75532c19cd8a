import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entries, runItems, users } from '@/lib/db/schema/desk';
import { entryClaims } from '@/lib/db/schema/desk-team';
import { recordAudit } from '@/lib/desk/audit';
import { UserFacingError } from '@/lib/user-facing-error';

/**
 * Presence and assignment. Opening an entry claims it for CLAIM_MS; the page renews the claim
 * while the reviewer is active and releases it on leave; an unrenewed claim simply expires.
 * Claims are rows in the database, so every server sees them. Someone else's live claim is
 * only taken over on purpose (`takeOver`).
 */

export const CLAIM_MS = 10 * 60_000;

export interface ClaimHolder {
  userId: string;
  name: string;
  expiresAt: Date;
}

export type ClaimResult = { claimed: true; expiresAt: Date } | { claimed: false; holder: ClaimHolder };

const holderColumns = {
  entryId: entryClaims.entryId,
  userId: entryClaims.userId,
  name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`,
  expiresAt: entryClaims.expiresAt,
};

/** Claims (or renews) an entry for the user; someone else's live claim wins unless `takeOver`. */
export async function claimEntry(
  db: Db,
  input: { entryId: string; userId: string; takeOver?: boolean; now?: Date },
): Promise<ClaimResult> {
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + CLAIM_MS);
  const [row] = await db
    .insert(entryClaims)
    .values({ entryId: input.entryId, userId: input.userId, claimedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: entryClaims.entryId,
      set: {
        userId: input.userId,
        expiresAt,
        // A renewal keeps when the claim began; a new holder starts now.
        claimedAt: sql`case when ${entryClaims.userId} = excluded.user_id then ${entryClaims.claimedAt} else excluded.claimed_at end`,
      },
      setWhere: input.takeOver
        ? undefined
        : sql`${entryClaims.userId} = excluded.user_id or ${entryClaims.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ expiresAt: entryClaims.expiresAt, previous: entryClaims.userId });
  if (row) {
    if (input.takeOver)
      await recordAudit(db, {
        actorId: input.userId,
        action: 'entry.claim_taken_over',
        targetType: 'entry',
        targetId: input.entryId,
      });
    return { claimed: true, expiresAt: row.expiresAt };
  }
  const holder = (await activeClaims(db, [input.entryId], now)).get(input.entryId);
  // Expired between the two statements: try once more.
  if (!holder) return claimEntry(db, input);
  return { claimed: false, holder };
}

/** Releases the user's own claim (leaving the page); another's claim is left alone. */
export async function releaseClaim(db: Db, entryId: string, userId: string): Promise<void> {
  await db.delete(entryClaims).where(and(eq(entryClaims.entryId, entryId), eq(entryClaims.userId, userId)));
}

/** Live claims of these entries, by entry id. */
export async function activeClaims(
  db: Db,
  entryIds: string[],
  now = new Date(),
): Promise<Map<string, ClaimHolder>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select(holderColumns)
    .from(entryClaims)
    .innerJoin(users, eq(users.id, entryClaims.userId))
    .where(and(inArray(entryClaims.entryId, entryIds), gt(entryClaims.expiresAt, now)));
  return new Map(rows.map((r) => [r.entryId, { userId: r.userId, name: r.name, expiresAt: r.expiresAt }]));
}

export class AssignmentError extends UserFacingError {}

async function checkAssignee(db: Db, assigneeId: string | null): Promise<void> {
  if (!assigneeId) return;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, assigneeId));
  if (!user) throw new AssignmentError('This reviewer does not exist (any more).');
}

/** Gives entries to a reviewer (or to nobody), as an admin. Returns how many changed hands. */
export async function assignEntries(
  db: Db,
  input: { entryIds: string[]; assigneeId: string | null; actorId: string },
): Promise<number> {
  if (input.entryIds.length === 0) throw new AssignmentError('Choose at least one entry to assign.');
  await checkAssignee(db, input.assigneeId);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(entries)
      .set({ assignedTo: input.assigneeId })
      .where(inArray(entries.id, input.entryIds))
      .returning({ id: entries.id });
    await recordAudit(
      tx,
      changed.map((c) => ({
        actorId: input.actorId,
        action: input.assigneeId ? 'entry.assigned' : 'entry.unassigned',
        targetType: 'entry' as const,
        targetId: c.id,
        details: input.assigneeId ? { assignee: input.assigneeId } : null,
      })),
    );
    return changed.length;
  });
}

/** Gives every entry of a run to a reviewer (or to nobody). */
export async function assignRun(
  db: Db,
  input: { runId: string; assigneeId: string | null; actorId: string },
): Promise<number> {
  await checkAssignee(db, input.assigneeId);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(entries)
      .set({ assignedTo: input.assigneeId })
      .where(
        inArray(
          entries.id,
          tx.select({ id: runItems.entryId }).from(runItems).where(eq(runItems.runId, input.runId)),
        ),
      )
      .returning({ id: entries.id });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.assigneeId ? 'run.assigned' : 'run.unassigned',
      targetType: 'run',
      targetId: input.runId,
      details: { assignee: input.assigneeId, entries: changed.length },
    });
    return changed.length;
  });
}
