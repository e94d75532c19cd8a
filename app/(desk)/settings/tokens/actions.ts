'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { createApiToken, revokeApiToken } from '@/lib/desk/api-tokens';
import { UserFacingError } from '@/lib/user-facing-error';

/** A personal API token for the desk API; the token is in the result, once. */
export const createTokenAction = action(
  'any',
  z.object({
    name: z.string({ error: 'Give the token a name.' }).max(100, 'Keep the name under 100 characters.'),
  }),
  async ({ name }, user) => {
    const { token } = await createApiToken(await getDb(), user.id, name);
    revalidatePath('/settings/tokens');
    return { token };
  },
);

export const revokeTokenAction = action(
  'any',
  z.object({ id: z.string().uuid('Unknown token.') }),
  async ({ id }, user) => {
    if (!(await revokeApiToken(await getDb(), user.id, id)))
      throw new UserFacingError('This token is already revoked.');
    revalidatePath('/settings/tokens');
    return { id };
  },
);
