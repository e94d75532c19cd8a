'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { withUser } from '@/lib/desk/action';
import {
  createAdminDeployment,
  createDeploymentSchema,
  editAdminDeployment,
  editDeploymentSchema,
} from '@/lib/service/admin/deployments';
import { adminCall, formFields, parseForm } from '../_lib/form';

export async function createDeploymentAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(
      createDeploymentSchema,
      formFields(form, ['name', 'structure', 'pricePerPage', 'accountId']),
    );
    const db = await getDb();
    const deployment = await adminCall(() => createAdminDeployment(db, input));
    revalidatePath('/service/deployments');
    revalidatePath('/service/structures', 'layout');
    return { id: deployment.id };
  });
}

/** Renames, repoints or reprices a deployment; only what changed goes into its history. */
export async function editDeploymentAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(
      editDeploymentSchema,
      formFields(form, ['id', 'name', 'structure', 'pricePerPage']),
    );
    const db = await getDb();
    const { changed } = await adminCall(() => editAdminDeployment(db, input));
    revalidatePath('/service/deployments');
    revalidatePath(`/service/deployments/${input.id}`);
    revalidatePath('/service/structures', 'layout');
    return { changed };
  });
}
