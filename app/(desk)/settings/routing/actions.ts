'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { setRoutingRule } from '@/lib/desk/routing';

/** A deployment's routing: confidence threshold and whether clean, confident entries are auto-approved. */
export const setRoutingAction = action(
  'admin',
  z.object({
    deploymentId: z.string().uuid('Unknown deployment.'),
    threshold: z.coerce
      .number({ error: 'The threshold is a number between 0 and 1.' })
      .min(0, 'The threshold is at least 0.')
      .max(1, 'The threshold is at most 1.'),
    autoApprove: z.preprocess((v) => v === 'on' || v === true, z.boolean()),
  }),
  async (input, user) => {
    await setRoutingRule(await getDb(), { ...input, actorId: user.id });
    revalidatePath('/settings/routing');
    return input;
  },
);
