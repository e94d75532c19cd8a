import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { newWorkerId, startLoop } from '@/lib/background';
import type { Patch } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { correctionOutbox, type OutboxState, users } from '@/lib/db/schema/desk';
import { sendCorrection } from '@/lib/desk/corrections';
import { getSetting, setSetting } from '@/lib/desk/settings';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

/** What the outbox needs of the v3 client (a fake in tests). */
export type OutboxClient = Pick<ExtractionClient, 'getEntry' | 'correctEntry'>;

export type OutboxRow = typeof correctionOutbox.$inferSelect;

/** What a page may see of a queued correction. */
export interface OutboxItemDto {
  id: string;
  entryId: string;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  patches: Patch[];
  notes: string | null;
  userEmail: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

/** Settings key: while true, corrections are queued instead of sent (an admin's switch). */
export const OUTBOX_PAUSED_SETTING = 'outbox_paused';
/** A claimed row is another server's for this long; longer than the client's own timeout. */
export const LEASE_MS = 5 * 60_000;
const BASE_BACKOFF_MS = 5_000;
const MAX_BACKOFF_MS = 10 * 60_000;

/** 5 s, 10 s, 20 s … capped at 10 min, with ±20 % jitter so several servers spread out. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export async function isSendingPaused(db: Db): Promise<boolean> {
  return (await getSetting<boolean>(db, OUTBOX_PAUSED_SETTING)) === true;
}

/** Pausing keeps corrections in the outbox; resuming makes every pending one due now. */
export async function setSendingPaused(db: Db, paused: boolean): Promise<void> {
  await setSetting(db, OUTBOX_PAUSED_SETTING, paused);
  if (!paused) {
    await db
      .update(correctionOutbox)
      .set({ nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(eq(correctionOutbox.state, 'pending'));
  }
}

/** Keeps a correction that could not be posted now; the worker sends it later. */
export async function enqueueCorrection(
  db: Db,
  input: {
    entryId: string;
    userId: string | null;
    patches: Patch[];
    notes: string | null;
    baseUpdatedAt: string;
    reason: string;
  },
): Promise<OutboxRow> {
  const [row] = await db
    .insert(correctionOutbox)
    .values({
      entryId: input.entryId,
      userId: input.userId,
      patches: input.patches,
      notes: input.notes,
      baseUpdatedAt: input.baseUpdatedAt,
      lastError: input.reason,
      // Due now by the workers' clock (ms), not the database's (µs): otherwise a claim in the
      // same millisecond would find it not yet due.
      nextAttemptAt: new Date(),
    })
    .returning();
  return row;
}

/** A correction of this entry still waiting to be sent, if any: later ones must wait for it. */
export async function pendingCorrectionFor(db: Db, entryId: string): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(correctionOutbox)
    .where(and(eq(correctionOutbox.entryId, entryId), eq(correctionOutbox.state, 'pending')))
    .limit(1);
  return row ?? null;
}

/** Every queued correction of an entry, newest first. */
export async function listOutbox(db: Db, entryId: string): Promise<OutboxItemDto[]> {
  const rows = await db
    .select({
      id: correctionOutbox.id,
      entryId: correctionOutbox.entryId,
      state: correctionOutbox.state,
      attempts: correctionOutbox.attempts,
      lastError: correctionOutbox.lastError,
      patches: correctionOutbox.patches,
      notes: correctionOutbox.notes,
      userEmail: users.email,
      createdAt: correctionOutbox.createdAt,
      sentAt: correctionOutbox.sentAt,
      nextAttemptAt: correctionOutbox.nextAttemptAt,
    })
    .from(correctionOutbox)
    .leftJoin(users, eq(users.id, correctionOutbox.userId))
    .where(eq(correctionOutbox.entryId, entryId))
    .orderBy(desc(correctionOutbox.createdAt), desc(correctionOutbox.id));
  return rows.map((r) => ({ ...r, patches: r.patches as Patch[] }));
}

/**
 * Takes the oldest due pending row for this worker. The conditional update is the lease:
 * when two servers pick the same candidate, only one update matches and the other tries the next.
 */
export async function claimDueCorrection(
  db: Db,
  workerId: string,
  now = new Date(),
): Promise<OutboxRow | null> {
  const free = or(isNull(correctionOutbox.leasedUntil), lt(correctionOutbox.leasedUntil, now));
  const candidates = await db
    .select({ id: correctionOutbox.id })
    .from(correctionOutbox)
    .where(and(eq(correctionOutbox.state, 'pending'), lte(correctionOutbox.nextAttemptAt, now), free))
    .orderBy(asc(correctionOutbox.createdAt), asc(correctionOutbox.id))
    .limit(5);
  for (const { id } of candidates) {
    const [row] = await db
      .update(correctionOutbox)
      .set({ leasedUntil: new Date(now.getTime() + LEASE_MS), leasedBy: workerId, updatedAt: now })
      .where(and(eq(correctionOutbox.id, id), eq(correctionOutbox.state, 'pending'), free))
      .returning();
    if (row) return row;
  }
  return null;
}

export type SendOutcome = 'sent' | 'retry' | 'conflict' | 'failed';

/**
 * Posts one claimed correction. The entry must still be the version the reviewer edited:
 * if it changed meanwhile the row becomes a conflict and nothing is overwritten.
 */
export async function sendClaimedCorrection(
  db: Db,
  client: OutboxClient,
  row: OutboxRow,
  now = new Date(),
): Promise<SendOutcome> {
  const patches = row.patches as Patch[];
  const finish = async (state: OutboxState, lastError: string | null) => {
    await db
      .update(correctionOutbox)
      .set({
        state,
        lastError,
        attempts: row.attempts + 1,
        leasedUntil: null,
        leasedBy: null,
        sentAt: state === 'sent' ? now : null,
        updatedAt: now,
      })
      .where(and(eq(correctionOutbox.id, row.id), eq(correctionOutbox.leasedBy, row.leasedBy ?? '')));
  };
  try {
    const outcome = await sendCorrection(db, client, {
      entryId: row.entryId,
      userId: row.userId,
      patches,
      notes: row.notes,
      baseUpdatedAt: row.baseUpdatedAt,
      outboxId: row.id,
    });
    if (outcome.outcome === 'sent') {
      await finish('sent', null);
      return 'sent';
    }
    if (outcome.outcome === 'conflict') {
      await finish(
        'conflict',
        `The entry was changed on the service at ${outcome.current.updated_at}, after this correction was made ` +
          `(on the version of ${row.baseUpdatedAt}). It was not applied, so nothing was overwritten: ` +
          'the page shows the latest version; re-apply these changes to it if they still hold.',
      );
      return 'conflict';
    }
    const attempts = row.attempts + 1;
    await db
      .update(correctionOutbox)
      .set({
        attempts,
        lastError: outcome.reason,
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        leasedUntil: null,
        leasedBy: null,
        updatedAt: now,
      })
      .where(eq(correctionOutbox.id, row.id));
    return 'retry';
  } catch (error) {
    const message =
      error instanceof ExtractionApiError ? `${error.message} (${error.code})` : (error as Error).message;
    await finish('failed', `The service refused this correction: ${message}`);
    return 'failed';
  }
}

/** One pass of the worker: sends every due correction, at most `max`. */
export async function drainOutbox(
  db: Db,
  client: OutboxClient,
  options: { workerId?: string; max?: number; now?: () => Date } = {},
): Promise<Record<SendOutcome, number>> {
  const workerId = options.workerId ?? newWorkerId();
  const now = options.now ?? (() => new Date());
  const counts: Record<SendOutcome, number> = { sent: 0, retry: 0, conflict: 0, failed: 0 };
  if (await isSendingPaused(db)) return counts;
  for (let i = 0; i < (options.max ?? 50); i++) {
    const row = await claimDueCorrection(db, workerId, now());
    if (!row) break;
    counts[await sendClaimedCorrection(db, client, row, now())]++;
  }
  return counts;
}

/** Counts by state, for the settings page. */
export async function outboxCounts(db: Db): Promise<Record<OutboxState, number>> {
  const rows = await db
    .select({ state: correctionOutbox.state })
    .from(correctionOutbox)
    .where(inArray(correctionOutbox.state, ['pending', 'conflict', 'failed']));
  const counts: Record<OutboxState, number> = { pending: 0, sent: 0, conflict: 0, failed: 0 };
  for (const r of rows) counts[r.state]++;
  return counts;
}

/**
 * Starts this server's outbox loop. Every server may run one: the row lease keeps them from
 * posting the same correction twice. The outbox is in the database, so it survives restarts.
 */
export function startOutboxWorker(
  open: () => Promise<{ db: Db; client: () => Promise<OutboxClient> }>,
  intervalMs = 2_000,
): () => void {
  const workerId = newWorkerId();
  return startLoop('[desk] outbox pass', intervalMs, async () => {
    const { db, client } = await open();
    if (!(await pendingDue(db))) return;
    await drainOutbox(db, await client(), { workerId });
  });
}

/** Cheap check so an idle desk does not build a client every tick. */
async function pendingDue(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: correctionOutbox.id })
    .from(correctionOutbox)
    .where(and(eq(correctionOutbox.state, 'pending'), lte(correctionOutbox.nextAttemptAt, new Date())))
    .limit(1);
  return Boolean(row);
}
