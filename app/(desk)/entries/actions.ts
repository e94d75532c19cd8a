'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { approveEntries, MAX_BULK_APPROVE } from '@/lib/desk/decisions';

const idsSchema = z
  .array(z.string().uuid('One of the selected entries is not a valid entry id.'))
  .min(1, 'Select at least one entry to approve.')
  .max(MAX_BULK_APPROVE, `Approve at most ${MAX_BULK_APPROVE} entries at once.`);

/** The list's bulk action: approves the selected entries, skipping those not ready for it. */
export const approveSelected = action('any', idsSchema, async (entryIds, user) => {
  const result = await approveEntries(await getDb(), { entryIds, userId: user.id });
  revalidatePath('/entries');
  return { approved: result.approved.length, skipped: result.skipped };
});
