'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { ActionError, withUser } from '@/lib/desk/action';
import { approveEntries, DecisionError, MAX_BULK_APPROVE } from '@/lib/desk/decisions';

const idsSchema = z
  .array(z.string().uuid('One of the selected entries is not a valid entry id.'))
  .min(1, 'Select at least one entry to approve.')
  .max(MAX_BULK_APPROVE, `Approve at most ${MAX_BULK_APPROVE} entries at once.`);

/** The list's bulk action: approves the selected entries, skipping those not ready for it. */
export async function approveSelected(entryIds: string[]) {
  return withUser('any', async (user) => {
    const parsed = idsSchema.safeParse(entryIds);
    if (!parsed.success) throw new ActionError(parsed.error.issues[0]?.message ?? 'Invalid selection.');
    try {
      const result = await approveEntries(await getDb(), { entryIds: parsed.data, userId: user.id });
      revalidatePath('/entries');
      return { approved: result.approved.length, skipped: result.skipped };
    } catch (error) {
      if (error instanceof DecisionError) throw new ActionError(error.message);
      throw error;
    }
  });
}
