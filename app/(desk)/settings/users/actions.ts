'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { createUser, DuplicateUserError, randomPassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { userRoles } from '@/lib/db/schema/desk';
import { ActionError, withUser } from '@/lib/desk/action';
import { currentRole, RoleChangeError, setUserRole } from './roles';

async function adminDb(userId: string) {
  const db = await getDb();
  if ((await currentRole(db, userId)) !== 'admin') throw new ActionError('Only admins may do this.');
  return db;
}

const createSchema = z.object({
  email: z.string().trim().email('Enter a valid email address.').max(320),
  name: z.string().trim().max(200).default(''),
  role: z.enum(userRoles, { message: 'Choose a role.' }),
});

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** Creates a user with a random initial password, returned once so the admin can hand it over. */
export async function createUserAction(input: z.input<typeof createSchema>) {
  return withUser('admin', async (admin) => {
    const parsed = createSchema.safeParse(input);
    if (!parsed.success) throw new ActionError('Check the highlighted fields.', fieldErrors(parsed.error));
    const db = await adminDb(admin.id);
    const password = randomPassword();
    try {
      const user = await createUser(db, { ...parsed.data, password });
      revalidatePath('/settings/users');
      return { user, password };
    } catch (error) {
      if (error instanceof DuplicateUserError)
        throw new ActionError(error.message, { email: [error.message] });
      throw error;
    }
  });
}

const roleSchema = z.object({ userId: z.string().uuid(), role: z.enum(userRoles) });

export async function changeRoleAction(input: z.input<typeof roleSchema>) {
  return withUser('admin', async (admin) => {
    const parsed = roleSchema.safeParse(input);
    if (!parsed.success) throw new ActionError('Unknown user or role.');
    const db = await adminDb(admin.id);
    try {
      await setUserRole(db, parsed.data.userId, parsed.data.role);
    } catch (error) {
      if (error instanceof RoleChangeError) throw new ActionError(error.message);
      throw error;
    }
    revalidatePath('/settings/users');
    return { userId: parsed.data.userId, role: parsed.data.role };
  });
}
