'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { withUser } from '@/lib/desk/action';
import { isUuid, MAX_STRUCTURE_JSON_CHARS } from '@/lib/service/admin/form-input';
import { addVersionToStructure, importStructure } from '@/lib/service/admin/structure-document';
import { adminCall, formFields, parseForm } from '../_lib/form';

const jsonField = z
  .string()
  .max(MAX_STRUCTURE_JSON_CHARS, `The JSON is too long: at most ${MAX_STRUCTURE_JSON_CHARS} characters.`);

const importSchema = z.object({
  name: z.string().trim().max(120, 'The name is limited to 120 characters.'),
  json: jsonField,
});

const versionSchema = z.object({
  structureId: z.string().refine(isUuid, 'Unknown structure.'),
  json: jsonField,
});

/** Imports a structure document as a new structure, version 1. */
export async function importStructureAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(importSchema, formFields(form, ['name', 'json']));
    const db = await getDb();
    const created = await adminCall(() => importStructure(db, input));
    revalidatePath('/service/structures');
    return created;
  });
}

/** Adds a version to a structure; the versions before it stay exactly as they were. */
export async function addStructureVersionAction(form: FormData) {
  return withUser('admin', async () => {
    const input = parseForm(versionSchema, formFields(form, ['structureId', 'json']));
    const db = await getDb();
    const created = await adminCall(() => addVersionToStructure(db, input.structureId, { json: input.json }));
    revalidatePath('/service/structures');
    revalidatePath(`/service/structures/${input.structureId}`);
    revalidatePath('/service/deployments', 'layout');
    return created;
  });
}
