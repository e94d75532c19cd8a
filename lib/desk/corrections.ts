import type { Entry, Patch } from '@/lib/contract/schemas';
import type { Db } from '@/lib/db/client';
import { recordCorrection, refreshIndexedEntry } from '@/lib/desk/entry-index';
import { listDeskCorrections } from '@/lib/desk/history';
import { enqueueCorrection, isSendingPaused } from '@/lib/desk/outbox';
import type { ExtractionClient } from '@/lib/extraction-api/client';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

/** What sending a correction needs of the v3 client (a fake in tests). */
export type CorrectionClient = Pick<ExtractionClient, 'getEntry' | 'correctEntry'>;

export interface CorrectionInput {
  entryId: string;
  userId: string | null;
  patches: Patch[];
  notes: string | null;
  /** `updated_at` of the version the edits were made on. */
  baseUpdatedAt: string;
  /** Set when the outbox worker sends a correction it holds (it is not queued again). */
  outboxId?: string;
}

/**
 * What became of a correction: `sent` (with the entry as it now is, null if it could not be
 * read back), `conflict` (the entry changed since the edits were made: nothing was
 * overwritten; `current` is the latest version, `changedBy` who made it when the desk knows) or `queued` (the service cannot take it now,
 * or sending is paused: it waits in the desk's outbox, row `outboxId`).
 */
export type CorrectionOutcome =
  | { outcome: 'sent'; entry: Entry | null; patchesApplied: number }
  | { outcome: 'conflict'; current: Entry; changedBy: string | null }
  | { outcome: 'queued'; reason: string; outboxId: string };

const samePatches = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The one path of a correction to the service, for the save action and the outbox worker:
 * the entry must still be the version the reviewer edited; then the patches are posted, the
 * desk records who made them, and its index follows the new version; when the service cannot
 * take it now, it waits in the outbox. A refusal that is not retryable is thrown
 * (ExtractionApiError).
 */
export async function sendCorrection(
  db: Db,
  client: CorrectionClient,
  input: CorrectionInput,
): Promise<CorrectionOutcome> {
  const { entryId, patches, notes } = input;
  const record = () => recordCorrection(db, { entryId, userId: input.userId, notes, patches });
  const queue = async (reason: string): Promise<CorrectionOutcome> => {
    if (input.outboxId) return { outcome: 'queued', reason, outboxId: input.outboxId };
    const row = await enqueueCorrection(db, { ...input, userId: input.userId, reason });
    return { outcome: 'queued', reason, outboxId: row.id };
  };
  if (!input.outboxId && (await isSendingPaused(db)))
    return queue('Sending to the service is paused by an admin.');
  try {
    const current = await client.getEntry(entryId);
    if (current.updated_at !== input.baseUpdatedAt) {
      // A post whose answer was lost (timeout) may have been applied after all: then it is sent.
      const last = current.corrections.at(-1);
      if (last && samePatches(last.patches, patches) && (last.notes ?? null) === (notes ?? null)) {
        await record();
        await refreshIndexedEntry(db, current);
        return { outcome: 'sent', entry: current, patchesApplied: patches.length };
      }
      // Who changed it, when the desk knows (a correction made here since the edits' version).
      const [latest] = await listDeskCorrections(db, entryId);
      const changedBy =
        latest && latest.createdAt.getTime() >= Date.parse(input.baseUpdatedAt) ? latest.userEmail : null;
      return { outcome: 'conflict', current, changedBy };
    }
    const result = await client.correctEntry(entryId, { patches, notes: notes || undefined });
    await record();
    // The answer names no new version; one read brings it (the index catches up on the next
    // page load when it fails: the correction itself is in).
    const entry = await client.getEntry(entryId).catch(() => null);
    if (entry) await refreshIndexedEntry(db, entry).catch(() => undefined);
    return { outcome: 'sent', entry, patchesApplied: result.patches_applied };
  } catch (error) {
    if (error instanceof ExtractionApiError && error.retryable)
      return queue(`${error.message} (${error.code})`);
    throw error;
  }
}
