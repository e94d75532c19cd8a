'use server';

import { revalidatePath } from 'next/cache';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { deploymentsChanged } from '@/lib/desk/deployments';
import {
  createAdminDeployment,
  createDeploymentSchema,
  editAdminDeployment,
  editDeploymentSchema,
} from '@/lib/service/admin/deployments';

function refresh(deploymentId?: string) {
  // The desk's registry asks the service again on its next read.
  deploymentsChanged();
  revalidatePath('/service/deployments');
  if (deploymentId) revalidatePath(`/service/deployments/${deploymentId}`);
  revalidatePath('/service/structures', 'layout');
}

export const createDeploymentAction = action('admin', createDeploymentSchema, async (input) => {
  const deployment = await createAdminDeployment(await getDb(), input);
  refresh();
  return { id: deployment.id };
});

/** Renames, repoints or reprices a deployment; only what changed goes into its history. */
export const editDeploymentAction = action('admin', editDeploymentSchema, async (input) => {
  const { changed } = await editAdminDeployment(await getDb(), input);
  refresh(input.id);
  return { changed };
});
