'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { setUserRole } from '@/lib/auth/roles';
import { createUser, randomPassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { userRoles } from '@/lib/db/schema/desk';

const createSchema = z.object({
  email: z.string().trim().email('Enter a valid email address.').max(320),
  name: z.string().trim().max(200).default(''),
  role: z.enum(userRoles, { message: 'Choose a role.' }),
});

/** Creates a user with a random initial password, returned once so the admin can hand it over. */
export const createUserAction = action('admin', createSchema, async (input) => {
  const password = randomPassword();
  const user = await createUser(await getDb(), { ...input, password });
  revalidatePath('/settings/users');
  return { user, password };
});

const roleSchema = z.object({
  userId: z.string().uuid('Unknown user or role.'),
  role: z.enum(userRoles, { message: 'Unknown user or role.' }),
});

export const changeRoleAction = action('admin', roleSchema, async ({ userId, role }) => {
  await setUserRole(await getDb(), userId, role);
  revalidatePath('/settings/users');
  return { userId, role };
});
