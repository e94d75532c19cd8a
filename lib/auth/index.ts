import 'server-only';
import { eq } from 'drizzle-orm';
import { redirect } from 'next/navigation';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { authConfig } from '@/lib/auth/auth.config';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import {
  accountKey,
  addressKey,
  clearFailures,
  MAX_ADDRESS_FAILURES,
  MAX_FAILURES,
  returnAttempt,
  takeAttempt,
} from '@/lib/auth/throttle';
import { normaliseEmail, randomPassword } from '@/lib/auth/users';
import { getDb } from '@/lib/db/client';
import { type UserRole, users } from '@/lib/db/schema/desk';
import { env } from '@/lib/env';
import { clientIp, parseTrustedProxies } from '@/lib/http/client-ip';

const credentialsSchema = z.object({ email: z.string().email(), password: z.string().min(1).max(1024) });

let proxies: ReturnType<typeof parseTrustedProxies> | undefined;
const trustedProxies = () => {
  proxies ??= parseTrustedProxies(env().EMEND_TRUSTED_PROXIES);
  return proxies;
};

// A hash to verify against when the email is unknown, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword(randomPassword());
  return dummyHash;
};

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  logger: {
    // A wrong password is an expected event, not a server error with a stack trace.
    error(error) {
      if (error.name !== 'CredentialsSignin') console.error('[auth]', error);
    },
  },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new CredentialsSignin();
        const db = await getDb();
        const email = normaliseEmail(parsed.data.email);
        const ip = clientIp(request.headers, trustedProxies());
        // Counted before the password is checked, atomically: parallel guesses cannot slip past.
        const allowed =
          (await takeAttempt(db, addressKey(ip), MAX_ADDRESS_FAILURES)) &&
          (await takeAttempt(db, accountKey(email, ip), MAX_FAILURES));
        if (!allowed) throw new CredentialsSignin();
        const [user] = await db.select().from(users).where(eq(users.email, email));
        const ok = await verifyPassword(user?.passwordHash ?? (await dummy()), parsed.data.password);
        if (!user || !ok) throw new CredentialsSignin();
        await clearFailures(db, accountKey(email, ip));
        await returnAttempt(db, addressKey(ip));
        return { id: user.id, email: user.email, name: user.name || user.email, role: user.role };
      },
    }),
  ],
});

export type SessionUser = { id: string; email: string; name: string; role: UserRole };

/**
 * The signed-in user as the database has them now: the session says who, the database says
 * what they may do — a demoted or deleted user loses access at once, not when the token expires.
 */
export async function currentUser(): Promise<SessionUser | null> {
  const session = await auth();
  if (!session?.user?.id) return null;
  const [row] = await (await getDb())
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, session.user.id));
  return row ? { ...row, name: row.name || row.email } : null;
}

/** For pages: the signed-in user, or a redirect to the login page (or home when the role is missing). */
export async function requireUser(role?: UserRole): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect('/login');
  if (role === 'admin' && user.role !== 'admin') redirect('/');
  return user;
}
