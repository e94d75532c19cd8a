'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { setRequireZeroErrors } from '@/lib/desk/approval';
import { parseSchemaText, registerDeployment } from '@/lib/desk/deployments';

/** Per deployment: whether its entries must have zero errors to be approved. */
export const setRequireZeroErrorsAction = action(
  'admin',
  z.object({
    deploymentId: z.string().uuid('Unknown deployment.'),
    required: z.boolean({ error: 'Invalid setting.' }),
  }),
  async ({ deploymentId, required }) => {
    await setRequireZeroErrors(await getDb(), deploymentId, required);
    revalidatePath('/settings/deployments');
    return { deploymentId, required };
  },
);

/**
 * Registers a deployment by id (for a v3 service that does not list its deployments), with
 * its JSON Schema when the admin has it.
 */
export const registerDeploymentAction = action(
  'admin',
  z.object({
    id: z.string().max(100),
    name: z.string().max(500),
    schema: z.string().max(2_000_000, 'The schema is too long (at most 2 MB).').optional(),
  }),
  async (input) => {
    const db = await getDb();
    const deployment = await registerDeployment(db, {
      id: input.id,
      name: input.name,
      schema: parseSchemaText(input.schema),
    });
    revalidatePath('/settings/deployments');
    revalidatePath('/upload');
    return { id: deployment.id, name: deployment.name };
  },
);
