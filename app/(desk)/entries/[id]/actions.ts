'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { patchSchema } from '@/lib/contract/schemas';
import { getDb } from '@/lib/db/client';
import { ActionError, withUser } from '@/lib/desk/action';
import { deskClient } from '@/lib/desk/api';
import { DecisionError, recordDecision } from '@/lib/desk/decisions';
import { findIndexedEntry, recordCorrection, refreshIndexedEntry } from '@/lib/desk/entry-index';
import { enqueueCorrection, isSendingPaused, listOutbox, pendingCorrectionFor } from '@/lib/desk/outbox';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

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
  if (!indexed) throw new ActionError('This entry is not in the desk.');
  return { db, indexed };
}

/**
 * Posts the reviewer's edits as JSON Pointer patches to the service's correction endpoint.
 * When the service cannot be reached (down, timeout, overloaded) the correction goes to the
 * outbox instead and a worker sends it later: a reviewer's edit is never lost.
 */
export async function saveCorrection(input: z.infer<typeof saveSchema>) {
  return withUser('any', async (user) => {
    const parsed = saveSchema.safeParse(input);
    if (!parsed.success) throw new ActionError(parsed.error.issues[0]?.message ?? 'Invalid correction.');
    const { entryId, patches, notes, baseUpdatedAt } = parsed.data;
    const { db } = await requireIndexed(entryId);
    if (await pendingCorrectionFor(db, entryId)) {
      throw new ActionError(
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
        throw new ActionError(
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
}

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
export async function decideEntry(input: z.input<typeof decisionSchema>) {
  return withUser('any', async (user) => {
    const parsed = decisionSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ActionError(issue?.message ?? 'Invalid decision.', {
        [String(issue?.path[0] ?? 'form')]: [issue?.message ?? 'Invalid'],
      });
    }
    const { db } = await requireIndexed(parsed.data.entryId);
    try {
      const decision = await recordDecision(db, {
        entryId: parsed.data.entryId,
        userId: user.id,
        decision: parsed.data.decision,
        reason: parsed.data.decision === 'rejected' ? parsed.data.reason : null,
      });
      revalidatePath(`/entries/${parsed.data.entryId}`);
      revalidatePath('/entries');
      return decision;
    } catch (error) {
      if (error instanceof DecisionError) throw new ActionError(error.message, { reason: [error.message] });
      throw error;
    }
  });
}

/** The entry's queued corrections, for the review page to poll while one is pending. */
export async function outboxStatus(input: { entryId: string }) {
  return withUser('any', async () => {
    const id = entryId.safeParse(input?.entryId);
    if (!id.success) throw new ActionError('Unknown entry.');
    const { db } = await requireIndexed(id.data);
    return listOutbox(db, id.data);
  });
}
