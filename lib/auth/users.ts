import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/auth/password';
import type { Db } from '@/lib/db/client';
import { type UserRole, users } from '@/lib/db/schema/desk';
import { UserFacingError } from '@/lib/user-facing-error';

/** What pages and sessions may see of a user: never the password hash. */
export interface UserDto {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

const userColumns = { id: users.id, email: users.email, name: users.name, role: users.role };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export class DuplicateUserError extends UserFacingError {}

export async function createUser(
  db: Db,
  input: { email: string; password: string; role: UserRole; name?: string },
): Promise<UserDto> {
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing)
    throw new DuplicateUserError(`A user with the email ${email} already exists.`, {
      email: [`A user with the email ${email} already exists.`],
    });
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: input.name ?? '',
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning(userColumns);
  return user;
}

export async function listUsers(db: Db): Promise<UserDto[]> {
  return db.select(userColumns).from(users).orderBy(users.email);
}

export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * On first start with no users, creates the admin with `EMEND_ADMIN_PASSWORD`, or a random
 * password that is returned so the caller prints it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ email: string; password: string | null } | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;
  const chosen = password ?? randomPassword();
  try {
    await createUser(db, { email, password: chosen, role: 'admin', name: 'Administrator' });
  } catch (error) {
    if (error instanceof DuplicateUserError) return null; // another server created it first
    throw error;
  }
  return { email, password: password ? null : chosen };
}
