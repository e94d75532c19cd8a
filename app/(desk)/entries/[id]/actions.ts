'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { patchSchema } from '@/lib/contract/schemas';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { recordDecision } from '@/lib/desk/decisions';
import { findIndexedEntry, recordCorrection, refreshIndexedEntry } from '@/lib/desk/entry-index';
import { enqueueCorrection, isSendingPaused, listOutbox, pendingCorrectionFor } from '@/lib/desk/outbox';
import { ExtractionApiError } from '@/lib/extraction-api/errors';
import { UserFacingError } from '@/lib/user-facing-error';

const entryId = z.string().uuid('Unknown entry.');

const saveSchema = z.object({
  entryId,
  patches: z.array(patchSchema).min(1, 'Nothing to save: no field changed.').max(10_000),
  notes: z.string().max(10_000).nullable(),
  baseUpdatedAt: z.string().min(1).max(100),
});

async function requireIndexed(id: string) {
  const db = await getDb();
  const indexed = await findIndexedEntry(db, id);
  if (!indexed) throw new UserFacingError('This entry is not in the desk.');
  return { db, indexed };
}

/**
 * Posts the reviewer's edits as JSON Pointer patches to the service's correction endpoint.
 * When the service cannot be reached (down, timeout, overloaded) the correction goes to the
 * outbox instead and a worker sends it later: a reviewer's edit is never lost.
 */
export const saveCorrection = action('any', saveSchema, async (input, user) => {
  const { entryId, patches, notes, baseUpdatedAt } = input;
  const { db } = await requireIndexed(entryId);
  if (await pendingCorrectionFor(db, entryId)) {
    throw new UserFacingError(
      'An earlier correction of this entry is still waiting to be sent. Your edits stay on this page; ' +
        'save them once it has been sent.',
    );
  }
  const queue = async (reason: string) => {
    const row = await enqueueCorrection(db, {
      entryId,
      userId: user.id,
      patches,
      notes,
      baseUpdatedAt,
      reason,
    });
    revalidatePath(`/entries/${entryId}`);
    return { outcome: 'queued' as const, outboxId: row.id, reason };
  };
  if (await isSendingPaused(db)) return queue('Sending to the service is paused by an admin.');

  try {
    const client = await deskClient();
    const current = await client.getEntry(entryId);
    if (current.updated_at !== baseUpdatedAt) {
      // Someone saved in between: never overwrite their work silently.
      throw new UserFacingError(
        `Conflict: this entry was changed at ${current.updated_at} after you opened it. ` +
          'Reload to see the latest version; your edits stay on this page until you do.',
      );
    }
    const result = await client.correctEntry(entryId, { patches, notes: notes || undefined });
    await recordCorrection(db, { entryId, userId: user.id, notes, patches });
    const updated = await client.getEntry(entryId).catch(() => null);
    if (updated) await refreshIndexedEntry(db, updated);
    revalidatePath(`/entries/${entryId}`);
    revalidatePath('/entries');
    // The editor adopts `entry` as its new base.
    return { outcome: 'sent' as const, patchesApplied: result.patches_applied, entry: updated };
  } catch (error) {
    if (error instanceof ExtractionApiError && error.retryable) {
      return queue(`${error.message} (${error.code})`);
    }
    throw error;
  }
});

const decisionSchema = z.discriminatedUnion('decision', [
  z.object({ entryId, decision: z.literal('approved') }),
  z.object({
    entryId,
    decision: z.literal('rejected'),
    reason: z
      .string()
      .trim()
      .min(1, 'A rejection needs a reason.')
      .max(2_000, 'Keep the reason under 2,000 characters.'),
  }),
]);

/** Approve or reject: recorded in the desk with who and when, and the entry's review state follows. */
export const decideEntry = action('any', decisionSchema, async (input, user) => {
  const { db } = await requireIndexed(input.entryId);
  const decision = await recordDecision(db, {
    entryId: input.entryId,
    userId: user.id,
    decision: input.decision,
    reason: input.decision === 'rejected' ? input.reason : null,
  });
  revalidatePath(`/entries/${input.entryId}`);
  revalidatePath('/entries');
  return decision;
});

/** The entry's queued corrections, for the review page to poll while one is pending. */
export const outboxStatus = action('any', z.object({ entryId }), async (input) => {
  const { db } = await requireIndexed(input.entryId);
  return listOutbox(db, input.entryId);
});
