'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { patchSchema } from '@/lib/contract/schemas';
import { getDb } from '@/lib/db/client';
import { deskClient } from '@/lib/desk/api';
import { sendCorrection } from '@/lib/desk/corrections';
import { recordDecision } from '@/lib/desk/decisions';
import { findIndexedEntry } from '@/lib/desk/entry-index';
import { listOutbox, pendingCorrectionFor } from '@/lib/desk/outbox';
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
  const outcome = await sendCorrection(db, await deskClient(), {
    entryId,
    userId: user.id,
    patches,
    notes,
    baseUpdatedAt,
  });
  revalidatePath(`/entries/${entryId}`);
  // Someone saved in between: never overwrite their work silently. The page says who and when
  // (in the reviewer's time zone) and offers their version or the edits on top of it.
  if (outcome.outcome === 'conflict')
    return {
      outcome: 'conflict' as const,
      updatedAt: outcome.current.updated_at,
      changedBy: outcome.changedBy,
    };
  if (outcome.outcome === 'queued')
    return { outcome: 'queued' as const, outboxId: outcome.outboxId, reason: outcome.reason };
  revalidatePath('/entries');
  // The editor adopts `entry` as its new base.
  return { outcome: 'sent' as const, patchesApplied: outcome.patchesApplied, entry: outcome.entry };
});

const decisionSchema = z.discriminatedUnion('decision', [
  z.object({
    entryId,
    decision: z.literal('approved'),
    // An override reason: required (and kept in the history) when the entry has errors.
    reason: z.string().trim().max(2_000, 'Keep the reason under 2,000 characters.').nullish(),
  }),
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
    reason: input.reason ?? null,
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
