'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { isUuid } from '@/lib/service/admin/form-input';
import { deleteMemory } from '@/lib/service/learning/memory-store';
import { UserFacingError } from '@/lib/user-facing-error';

const forgetSchema = z.union([
  z.object({ id: z.string().refine(isUuid, 'Unknown learned field.') }),
  z.object({
    accountId: z.string().refine(isUuid, 'Unknown account.'),
    tenantId: z.string().max(200).default(''),
    structureId: z.string().refine(isUuid, 'Unknown structure.'),
    fingerprint: z.string().min(1, 'Unknown issuer.').max(500),
  }),
]);

/** Forgets one learned field, or everything learned about an issuer in one account and tenant. */
export const forgetLearnedAction = action('admin', forgetSchema, async (input) => {
  const target = 'id' in input ? input : { ...input, tenantId: input.tenantId || null };
  const gone = await deleteMemory(await getDb(), target);
  if (gone === 0) throw new UserFacingError('Nothing to forget: it was already deleted.');
  revalidatePath('/service/memory');
  return { deleted: gone };
});
