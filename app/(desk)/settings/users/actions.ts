'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { action } from '@/lib/action';
import { setUserRole } from '@/lib/auth/roles';
import { createUser, randomPassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { userRoles } from '@/lib/db/schema/desk';
import { recordAudit } from '@/lib/desk/audit';

const createSchema = z.object({
  email: z.string().trim().email('Enter a valid email address.').max(320),
  name: z.string().trim().max(200).default(''),
  role: z.enum(userRoles, { message: 'Choose a role.' }),
});

/** Creates a user with a random initial password, returned once so the admin can hand it over. */
export const createUserAction = action('admin', createSchema, async (input, admin) => {
  const password = randomPassword();
  const db = await getDb();
  const user = await createUser(db, { ...input, password });
  await recordAudit(db, {
    actorId: admin.id,
    action: 'user.created',
    targetType: 'user',
    targetId: user.id,
    details: { email: user.email, role: user.role },
  });
  revalidatePath('/settings/users');
  return { user, password };
});

const roleSchema = z.object({
  userId: z.string().uuid('Unknown user or role.'),
  role: z.enum(userRoles, { message: 'Unknown user or role.' }),
});

export const changeRoleAction = action('admin', roleSchema, async ({ userId, role }, admin) => {
  const db = await getDb();
  await setUserRole(db, userId, role);
  await recordAudit(db, {
    actorId: admin.id,
    action: 'user.role_changed',
    targetType: 'user',
    targetId: userId,
    details: { role },
  });
  revalidatePath('/settings/users');
  return { userId, role };
});
