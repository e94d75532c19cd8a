'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { getDb } from '@/lib/db/client';
import { isUuid, MAX_STRUCTURE_JSON_CHARS } from '@/lib/service/admin/form-input';
import { addVersionToStructure, importStructure } from '@/lib/service/admin/structure-document';

const jsonField = z
  .string()
  .max(MAX_STRUCTURE_JSON_CHARS, `The JSON is too long: at most ${MAX_STRUCTURE_JSON_CHARS} characters.`);

const importSchema = z.object({
  name: z.string().trim().max(120, 'The name is limited to 120 characters.').default(''),
  json: jsonField,
});

const versionSchema = z.object({
  structureId: z.string().refine(isUuid, 'Unknown structure.'),
  json: jsonField,
});

/** Imports a structure document as a new structure, version 1. */
export const importStructureAction = action('admin', importSchema, async (input) => {
  const created = await importStructure(await getDb(), input);
  revalidatePath('/service/structures');
  return created;
});

/** Adds a version to a structure; the versions before it stay exactly as they were. */
export const addStructureVersionAction = action('admin', versionSchema, async ({ structureId, json }) => {
  const created = await addVersionToStructure(await getDb(), structureId, { json });
  revalidatePath('/service/structures');
  revalidatePath(`/service/structures/${structureId}`);
  revalidatePath('/service/deployments', 'layout');
  return created;
});
