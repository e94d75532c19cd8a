import { desc, eq } from 'drizzle-orm';
import type { CorrectionRecord, Patch } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { corrections, users } from '@/lib/db/schema/desk';
import type { DecisionDto } from '@/lib/desk/decisions';
import type { OutboxItemDto } from '@/lib/desk/outbox';

/** A correction as the desk recorded it: the service keeps the patches, the desk the person. */
export interface DeskCorrectionDto {
  id: string;
  userEmail: string | null;
  notes: string | null;
  patches: Patch[];
  createdAt: Date;
}

export type HistoryItem =
  | {
      kind: 'correction';
      id: string;
      at: string;
      who: string | null;
      notes: string | null;
      patches: Patch[];
      /** Where it is known from: both sides, only the service (made elsewhere), only the desk. */
      known: 'both' | 'service' | 'desk';
    }
  | {
      kind: 'decision';
      id: string;
      at: string;
      who: string | null;
      decision: 'approved' | 'rejected';
      reason: string | null;
    }
  | {
      kind: 'queued';
      id: string;
      at: string;
      who: string | null;
      notes: string | null;
      patches: Patch[];
      state: OutboxItemDto['state'];
      attempts: number;
      message: string | null;
    };

export async function listDeskCorrections(db: Db, entryId: string): Promise<DeskCorrectionDto[]> {
  const rows = await db
    .select({
      id: corrections.id,
      userEmail: users.email,
      notes: corrections.notes,
      patches: corrections.patches,
      createdAt: corrections.createdAt,
    })
    .from(corrections)
    .leftJoin(users, eq(users.id, corrections.userId))
    .where(eq(corrections.entryId, entryId))
    .orderBy(desc(corrections.createdAt));
  return rows.map((r) => ({ ...r, patches: r.patches as Patch[] }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One timeline, newest first: the service's corrections (the truth of what was applied)
 * matched to the desk's records of who made them — same patches and notes, nearest in time —
 * plus decisions and corrections still in (or stuck in) the outbox. Sent outbox rows are
 * already corrections on both sides, so they are not listed twice.
 */
export function mergeHistory(input: {
  service: CorrectionRecord[];
  desk: DeskCorrectionDto[];
  decisions: DecisionDto[];
  outbox: OutboxItemDto[];
}): HistoryItem[] {
  const unmatched = new Set(input.desk);
  const items: HistoryItem[] = [];
  for (const record of input.service) {
    const at = Date.parse(record.created_at);
    let best: DeskCorrectionDto | null = null;
    for (const candidate of unmatched) {
      if (!same(candidate.patches, record.patches) || (candidate.notes ?? null) !== (record.notes ?? null))
        continue;
      const distance = Math.abs(candidate.createdAt.getTime() - at);
      if (!best || distance < Math.abs(best.createdAt.getTime() - at)) best = candidate;
    }
    if (best) unmatched.delete(best);
    items.push({
      kind: 'correction',
      id: record.id,
      at: record.created_at,
      who: best?.userEmail ?? null,
      notes: record.notes,
      patches: record.patches,
      known: best ? 'both' : 'service',
    });
  }
  for (const d of unmatched) {
    items.push({
      kind: 'correction',
      id: d.id,
      at: d.createdAt.toISOString(),
      who: d.userEmail,
      notes: d.notes,
      patches: d.patches,
      known: 'desk',
    });
  }
  for (const d of input.decisions) {
    items.push({
      kind: 'decision',
      id: d.id,
      at: d.createdAt.toISOString(),
      who: d.userEmail,
      decision: d.decision,
      reason: d.reason,
    });
  }
  for (const o of input.outbox) {
    if (o.state === 'sent') continue;
    items.push({
      kind: 'queued',
      id: o.id,
      at: o.createdAt.toISOString(),
      who: o.userEmail,
      notes: o.notes,
      patches: o.patches,
      state: o.state,
      attempts: o.attempts,
      message: o.lastError,
    });
  }
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.id.localeCompare(a.id));
}
