'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { undoApprovals } from '@/lib/desk/approval';
import { recordAudit } from '@/lib/desk/audit';
import { assignEntries, assignRun } from '@/lib/desk/claims';
import { approveEntries, MAX_BULK_APPROVE } from '@/lib/desk/decisions';

const idsSchema = z
  .array(z.string().uuid('One of the selected entries is not a valid entry id.'))
  .min(1, 'Select at least one entry to approve.')
  .max(MAX_BULK_APPROVE, `Approve at most ${MAX_BULK_APPROVE} entries at once.`);

/** The list's bulk action: approves the selected entries, skipping those not ready for it. */
export const approveSelected = action('any', idsSchema, async (entryIds, user) => {
  const result = await approveEntries(await getDb(), { entryIds, userId: user.id });
  revalidatePath('/entries');
  return {
    approved: result.approved.length,
    skipped: result.skipped,
    withErrors: result.withErrors,
    decisionIds: result.decisionIds,
  };
});

const assignee = z.preprocess((v) => (v === '' ? null : v), z.string().uuid('Unknown reviewer.').nullable());

/** An admin gives entries to a reviewer, or to nobody (`assigneeId` empty). */
export const assignEntriesAction = action(
  'admin',
  z.object({
    entryIds: z.array(z.string().uuid('Unknown entry.')).min(1).max(MAX_BULK_APPROVE),
    assigneeId: assignee,
  }),
  async (input, user) => {
    const changed = await assignEntries(await getDb(), { ...input, actorId: user.id });
    for (const id of input.entryIds) revalidatePath(`/entries/${id}`);
    revalidatePath('/entries');
    return { changed };
  },
);

/** An admin gives every entry of a run to a reviewer, or to nobody. */
export const assignRunAction = action(
  'admin',
  z.object({ runId: z.string().uuid('Unknown run.'), assigneeId: assignee }),
  async (input, user) => {
    const changed = await assignRun(await getDb(), { ...input, actorId: user.id });
    revalidatePath(`/runs/${input.runId}`);
    revalidatePath('/entries');
    return { changed };
  },
);

/** Undoes the list's last bulk approval (offered for 10 s after it). */
export const undoApproveSelected = action(
  'any',
  z.array(z.string().uuid('Unknown approval.')).max(MAX_BULK_APPROVE),
  async (decisionIds, user) => {
    const db = await getDb();
    const undone = await undoApprovals(db, { decisionIds, userId: user.id });
    await recordAudit(db, {
      actorId: user.id,
      action: 'entry.approvals_undone',
      targetType: 'entry',
      details: { decisions: decisionIds, undone },
    });
    revalidatePath('/entries');
    return { undone };
  },
);
